import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../../shared/schemas/owner.js';
import { useAddPasskey } from '../api/add-passkey.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { useRenamePasskey } from '../api/rename-passkey.js';
import { ErrorMessage } from '../components/error-message.js';
import { Field } from '../components/field.js';
import { useDateFormat } from '../components/use-date-format.js';
import { type ReauthenticationPrompt, shownError } from './reauthentication.js';
import styles from './security-settings.module.css';

/** The owner's passkeys: each with its name and when it was last used; add, rename, remove. */
export function PasskeyList({
  passkeys,
  reauthentication,
}: {
  passkeys: Passkey[];
  reauthentication: ReauthenticationPrompt;
}) {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');

  function onAdd(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const chosen = name.trim() || t('security.passkey_default_name');
    const submit = () =>
      add.mutate(chosen, {
        onSuccess: () => setName(''),
        onError: (error) => reauthentication.onError(error, submit),
      });
    submit();
  }

  const removeOne = (passkey: Passkey) => {
    const submit = () => remove.mutate(passkey.id, { onError: (error) => reauthentication.onError(error, submit) });
    submit();
  };

  return (
    <section className={styles.section} aria-labelledby="owner-passkeys-title">
      <h3 id="owner-passkeys-title">{t('security.passkeys_title')}</h3>
      <p className={styles.muted}>{t('security.passkeys_intro')}</p>
      {passkeys.length === 0 ? (
        <p className={styles.muted}>{t('security.no_passkeys')}</p>
      ) : (
        <ul className={styles.rows} aria-labelledby="owner-passkeys-title">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              meta={
                passkey.lastUsedAt
                  ? t('security.passkey_meta', {
                      created: formatDate(passkey.createdAt),
                      used: formatDate(passkey.lastUsedAt),
                    })
                  : t('security.passkey_never_used', { created: formatDate(passkey.createdAt) })
              }
              onRemove={() => removeOne(passkey)}
            />
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={onAdd} noValidate>
        <Field
          label={t('security.passkey_name')}
          name="passkey-name"
          maxLength={100}
          placeholder={t('security.passkey_default_name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <ErrorMessage error={shownError(add.error ?? remove.error)} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={add.isPending} aria-busy={add.isPending}>
            {t('security.add_passkey')}
          </button>
        </div>
      </form>
    </section>
  );
}

function PasskeyRow({ passkey, meta, onRemove }: { passkey: Passkey; meta: string; onRemove: () => void }) {
  const { t } = useTranslation('owner');
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setEditing(false) });
  }

  return (
    <li className={styles.row}>
      {editing ? (
        <form className={styles.actions} onSubmit={onSave}>
          <input
            className={styles.input}
            aria-label={t('security.rename_label', { name: passkey.name })}
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className={styles.button} disabled={rename.isPending}>
            {t('security.save')}
          </button>
          <button type="button" className={styles.button} onClick={() => setEditing(false)}>
            {t('security.cancel')}
          </button>
        </form>
      ) : (
        <>
          <span className={styles.rowText}>
            <strong>{passkey.name}</strong>
            <span className={styles.muted}>{meta}</span>
          </span>
          <span className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => setEditing(true)}>
              {t('security.rename')}
            </button>
            <button
              type="button"
              className={styles.button}
              aria-label={t('security.remove_label', { name: passkey.name })}
              onClick={onRemove}
            >
              {t('security.remove')}
            </button>
          </span>
        </>
      )}
      <ErrorMessage error={rename.error} />
    </li>
  );
}
