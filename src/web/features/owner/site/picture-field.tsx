import { Upload } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client.js';
import { useContentPictures } from '../api/get-content-pictures.js';
import { useUploadContentPicture } from '../api/upload-content-picture.js';
import { useDraftEditor } from './draft-context.js';
import styles from './field-editor.module.css';
import { fieldId, valueAt } from './form-model.js';

const PICTURE_ERRORS = new Set([
  'picture_missing',
  'picture_too_large',
  'payload_too_large',
  'picture_unreadable',
  'picture_type_not_allowed',
  'picture_type_mismatch',
  'picture_too_many_pixels',
  'picture_unsafe_svg',
  'picture_exists',
]);

/**
 * A picture of the content: its path, typed or chosen from the library (suggested as you type), or
 * a file uploaded from the device; a small preview shows what the path names. A refused upload says why.
 */
export function PictureControl({ path, labelledBy }: { path: readonly (string | number)[]; labelledBy: string }) {
  const { t } = useTranslation('studio');
  const { snapshot, change, problems, store } = useDraftEditor();
  const pictures = useContentPictures();
  const upload = useUploadContentPicture();
  const listId = useId();
  const uploadId = useId();
  const statusId = useId();
  const value = valueAt(snapshot.content, path);
  const invalid = problems.has(path.join('.'));
  const text = typeof value === 'string' ? value : '';
  const known = pictures.data?.some((picture) => picture.path === text);
  const code = upload.error instanceof ApiError ? upload.error.code : undefined;
  const refusal = upload.error
    ? t(`picture.errors.${code && PICTURE_ERRORS.has(code) ? (code as 'picture_exists') : 'other'}`)
    : undefined;

  return (
    <div className={styles.picture}>
      {known && <img className={styles.thumbnail} src={`/media/${text}?w=320`} alt="" width={96} height={72} />}
      <div className={styles.pictureControls}>
        <input
          id={fieldId(path)}
          className={styles.input}
          aria-labelledby={labelledBy}
          aria-describedby={
            [invalid ? `${fieldId(path)}-error` : undefined, refusal ? statusId : undefined]
              .filter(Boolean)
              .join(' ') || undefined
          }
          aria-invalid={invalid || undefined}
          list={listId}
          value={text}
          onChange={(event) => change(path, event.target.value)}
          onBlur={() => store.leaveField()}
        />
        <datalist id={listId}>
          {pictures.data?.map((picture) => (
            <option key={picture.path} value={picture.path} />
          ))}
        </datalist>
        <label htmlFor={uploadId} className={styles.uploadButton}>
          <Upload aria-hidden="true" size={18} />
          {upload.isPending ? t('picture.uploading') : t('picture.upload')}
        </label>
        <input
          id={uploadId}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp,image/avif,image/svg+xml"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file, { onSuccess: (picture) => change(path, picture.path) });
          }}
        />
        <span id={statusId} role="status" className={refusal ? styles.error : styles.count}>
          {refusal ?? (upload.isSuccess ? t('picture.uploaded') : '')}
        </span>
      </div>
    </div>
  );
}
