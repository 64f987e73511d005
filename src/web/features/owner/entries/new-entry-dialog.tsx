import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { COLLECTION_PATHS, type Collection, entrySlugSchema } from '../../../../shared/schemas/collections.js';
import { ApiError } from '../../../shared/api/api-client.js';
import dialogStyles from '../components/confirm-dialog.module.css';
import { Field } from '../components/field.js';
import { ModalDialog } from '../components/modal-dialog.js';
import { useCreateEntry } from './api/create-entry.js';

/** A new note or project: its address asked first, with the rule it follows; the editor opens on it. */
export function NewEntryDialog({
  collection,
  open,
  onClose,
}: {
  collection: Collection;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const create = useCreateEntry(collection);
  const input = useRef<HTMLInputElement>(null);
  const [slug, setSlug] = useState('');
  const [error, setError] = useState<string>();
  const titleId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (!entrySlugSchema.safeParse(slug).success) {
      setError(t('entries.slug_invalid'));
      input.current?.focus();
      return;
    }
    setError(undefined);
    try {
      const entry = await create.mutateAsync({ collection, slug });
      onClose();
      navigate(`${OWNER_PATHS[collection]}/${entry.id}`);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.code === 'slug_taken' ? t('entries.slug_taken') : t('load_failed'),
      );
      input.current?.focus();
    }
  }

  return (
    <ModalDialog
      open={open}
      busy={create.isPending}
      onCancel={onClose}
      onOpen={() => {
        setSlug('');
        setError(undefined);
        requestAnimationFrame(() => input.current?.focus());
      }}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
    >
      {open && (
        <form className={dialogStyles.body} onSubmit={onSubmit} noValidate>
          <h2 id={titleId} className={dialogStyles.title}>
            {t(`entries.new.${collection}`)}
          </h2>
          <Field
            ref={input}
            label={t('entries.fields.slug')}
            hint={t('entries.new_slug_hint', { path: `${COLLECTION_PATHS[collection]}/` })}
            name="slug"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={80}
            value={slug}
            error={error}
            onChange={(event) => setSlug(event.target.value.toLowerCase())}
          />
          <div className={dialogStyles.actions}>
            <button type="button" className={dialogStyles.cancel} onClick={onClose} disabled={create.isPending}>
              {t('publish_bar.cancel')}
            </button>
            <button type="submit" className={dialogStyles.confirm} disabled={create.isPending}>
              {t('entries.create')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
