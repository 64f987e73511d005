import { Images } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentPictures } from '../api/get-content-pictures.js';
import fieldStyles from '../site/field-editor.module.css';
import pictureStyles from '../site/picture-field.module.css';
import { PictureLibrary, thumbnailUrl } from '../site/picture-library.js';
import { useEntryEditor } from './entry-editor-context.js';
import { EntryField } from './entry-fields.js';
import { valueAt } from './entry-model.js';

/**
 * A picture of the entry (its cover, a gallery picture): its path, suggested from the studio's picture
 * library as it is typed, or chosen in the library's dialog (where pictures are uploaded too).
 */
export function EntryPicture({
  path,
  label,
  hint,
}: {
  path: readonly (string | number)[];
  label: string;
  hint?: string;
}) {
  const { t } = useTranslation('studio');
  const { snapshot, change, store } = useEntryEditor();
  const pictures = useContentPictures();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const value = valueAt(snapshot.content, path);
  const text = typeof value === 'string' ? value : '';
  const known = pictures.data?.find((picture) => picture.path === text);
  return (
    <EntryField path={path} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className={pictureStyles.field}>
          {known && (
            <img
              className={pictureStyles.previewImage}
              src={thumbnailUrl(known.path)}
              alt={t('pictures.preview', { path: known.path })}
              width={160}
              height={120}
            />
          )}
          <div className={pictureStyles.controls}>
            <input
              id={id}
              className={fieldStyles.input}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              list={listId}
              value={text}
              onChange={(event) => change(path, event.target.value === '' ? undefined : event.target.value)}
              onBlur={() => store.leaveField()}
            />
            <datalist id={listId}>
              {pictures.data?.map((picture) => (
                <option key={picture.path} value={picture.path} />
              ))}
            </datalist>
            {text !== '' && pictures.isSuccess && !known && (
              <span className={pictureStyles.hint}>{t('pictures.missing')}</span>
            )}
            <div className={pictureStyles.buttons}>
              <button
                type="button"
                className={pictureStyles.button}
                aria-haspopup="dialog"
                onClick={() => setOpen(true)}
              >
                <Images aria-hidden="true" size={18} />
                {t('pictures.choose')}
              </button>
              {text !== '' && (
                <button type="button" className={pictureStyles.button} onClick={() => change(path, undefined)}>
                  {t('entries.remove_picture')}
                </button>
              )}
            </div>
          </div>
          <PictureLibrary
            open={open}
            chosen={text}
            onChoose={(picture) => {
              change(path, picture);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </div>
      )}
    </EntryField>
  );
}
