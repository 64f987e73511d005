import { Images, Upload } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICTURE_REFUSAL_CODES } from '../../../../shared/api-errors.js';
import { altReviews } from '../../../../shared/picture-alt-review.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useConfirmPictureAlts } from '../api/confirm-picture-alts.js';
import { useContentPictures } from '../api/get-content-pictures.js';
import { useContentVersion } from '../api/get-content-version.js';
import { useAltConfirmations } from '../api/get-picture-alt-confirmations.js';
import { useUploadContentPicture } from '../api/upload-content-picture.js';
import { describedByIds } from '../studio/field-problem.js';
import { useDraftEditor } from './draft-context.js';
import fieldStyles from './field-editor.module.css';
import { fieldId, valueAt } from './form-model.js';
import styles from './picture-field.module.css';
import { PictureLibrary, thumbnailUrl } from './picture-library.js';

// A picture the server refused before reading it, for the request's size, has words too.
const PICTURE_ERRORS = new Set<string>([...PICTURE_REFUSAL_CODES, 'payload_too_large']);

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

const NAME_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A pasted picture has no name of its own (Chromium calls every one `image.png`), and the server
 * names a picture after its file. The name is random (16 characters, about 82 bits): one made from the
 * time could be guessed, and says when it was pasted.
 * `getRandomValues`, not `randomUUID`: the studio may be opened over plain HTTP on a home network.
 */
function namedForPaste(file: File): File {
  const random = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => NAME_CHARACTERS[byte % NAME_CHARACTERS.length])
    .join('');
  const extension = EXTENSIONS[file.type] ?? 'png';
  return new File([file], `pasted-${random}.${extension}`, { type: file.type });
}

/** Whether a drag carries files (a dragged link or text is left to the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A picture of the content: its path, typed (suggested from the library as you type) or chosen in
 * the library's dialog, or a file uploaded from the device, dropped on the field or pasted into it,
 * with the upload's progress. A preview shows what the path names (on a portfolio card's 4:3 crop
 * where the layout cuts it), and a refused upload says why, in the interface language.
 */
export function PictureControl({ path, labelledBy }: { path: readonly (string | number)[]; labelledBy: string }) {
  const { t } = useTranslation('studio');
  const { snapshot, change, problems, store, published } = useDraftEditor();
  const pictures = useContentPictures();
  const upload = useUploadContentPicture();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const listId = useId();
  const uploadId = useId();
  const statusId = useId();
  const hintId = useId();
  const value = valueAt(snapshot.content, path);
  const invalid = problems.has(path.join('.'));
  const text = typeof value === 'string' ? value : '';
  const known = pictures.data?.find((picture) => picture.path === text);
  // A file whose name is no picture's (`.gif`, `.heic`) is refused as a path of the wrong form.
  const code =
    upload.error instanceof ApiError
      ? upload.error.code === 'validation_failed'
        ? 'picture_type_not_allowed'
        : upload.error.code
      : undefined;
  const refusal = upload.error
    ? t(`picture.errors.${code && PICTURE_ERRORS.has(code) ? (code as 'picture_exists') : 'other'}`)
    : undefined;
  const percent = upload.progress ? Math.round((100 * upload.progress.loaded) / Math.max(1, upload.progress.total)) : 0;
  // The portfolio's cards cut every picture to 4:3 around its centre (portfolio-page.module.css).
  const cropped = path[0] === 'portfolio';
  const key = path.at(-1);
  const hasAlt =
    typeof key === 'string' && valueAt(snapshot.content, [...path.slice(0, -1), `${key}_alt`]) !== undefined;
  const found = code === 'picture_unsafe_svg' && upload.error instanceof ApiError ? upload.error.fieldErrors : [];

  // A picture replacing the published one: its alt texts were written for the old one (picture-alt-review.ts).
  const publishedVersion = useContentVersion(hasAlt ? published?.number : undefined);
  const confirmations = useAltConfirmations();
  const confirmAlts = useConfirmPictureAlts();
  const altField = [...path.slice(0, -1), `${String(key)}_alt`].join('.');
  const review =
    hasAlt && publishedVersion.data && confirmations.data
      ? altReviews(snapshot.content, publishedVersion.data.content, confirmations.data).find(
          (candidate) => candidate.altField === altField,
        )
      : undefined;
  const reviewId = useId();

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    upload.mutate(file, { onSuccess: (picture) => change(path, picture.path) });
  };

  const onPaste = (event: ClipboardEvent) => {
    const file = [...event.clipboardData.files].find((candidate) => candidate.type.startsWith('image/'));
    // Pasted text goes into the path as usual; only a picture is uploaded.
    if (!file) return;
    event.preventDefault();
    send(file.name === 'image.png' || !file.name ? namedForPaste(file) : file);
  };

  const closeLibrary = () => setLibraryOpen(false);

  return (
    // The field is where a picture may be dropped; the same is possible with the upload button.
    // biome-ignore lint/a11y/noStaticElementInteractions: drop and paste targets, with buttons for keyboards
    <div
      className={dragging ? styles.droppingField : styles.field}
      onDragEnter={(event) => {
        if (carriesFiles(event)) setDragging(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        send(event.dataTransfer.files[0]);
      }}
      onPaste={onPaste}
    >
      {known && (
        <figure className={styles.preview}>
          <img
            className={cropped ? styles.croppedImage : styles.previewImage}
            src={thumbnailUrl(known.path)}
            alt={t('pictures.preview', { path: known.path })}
            width={160}
            height={120}
          />
          <figcaption className={styles.hint}>
            {t('pictures.size', { width: known.width, height: known.height })}
          </figcaption>
        </figure>
      )}
      <div className={styles.controls}>
        <input
          id={fieldId(path)}
          className={fieldStyles.input}
          aria-labelledby={labelledBy}
          aria-describedby={describedByIds(
            fieldId(path),
            invalid,
            refusal ? statusId : undefined,
            hintId,
            review ? reviewId : undefined,
          )}
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
        {text !== '' && pictures.isSuccess && !known && <span className={styles.hint}>{t('pictures.missing')}</span>}
        <div className={styles.buttons}>
          <button type="button" className={styles.button} aria-haspopup="dialog" onClick={() => setLibraryOpen(true)}>
            <Images aria-hidden="true" size={18} />
            {t('pictures.choose')}
          </button>
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
              send(file);
            }}
          />
        </div>
        <p id={hintId} className={styles.hint}>
          {dragging ? t('pictures.drop_here') : t('pictures.drop_hint')}
          {cropped && known && <> {t('pictures.crop_hint')}</>}
          {hasAlt && <> {t('pictures.alt_hint')}</>}
        </p>
        {upload.isPending && (
          <div className={styles.progress}>
            <progress max={100} value={percent} aria-label={t('pictures.progress')} />
            <span>{t('pictures.progress_value', { percent })}</span>
          </div>
        )}
        <span id={statusId} role="status" className={refusal ? styles.error : styles.hint}>
          {refusal ?? (upload.isSuccess ? t('picture.uploaded') : '')}
          {found.length > 0 && (
            <> {t('pictures.unsafe_found', { found: found.map((thing) => thing.field).join(', ') })}</>
          )}
        </span>
        {review && (
          <div className={styles.review}>
            <p id={reviewId} className={styles.reviewText}>
              <strong>{t('pictures.review_title')}</strong> {t('pictures.review_text')}
            </p>
            <button
              type="button"
              className={styles.button}
              disabled={confirmAlts.isPending}
              onClick={() => confirmAlts.mutate({ place: review.place, picture: review.picture, alts: review.alts })}
            >
              {t('pictures.review_confirm')}
            </button>
          </div>
        )}
        <span role="status" className={confirmAlts.isError ? styles.error : styles.hint}>
          {confirmAlts.isError && t('pictures.review_failed')}
          {confirmAlts.isSuccess && !review && t('pictures.review_confirmed')}
        </span>
      </div>
      <PictureLibrary
        open={libraryOpen}
        chosen={text}
        onChoose={(picture) => {
          change(path, picture);
          closeLibrary();
        }}
        onClose={closeLibrary}
      />
    </div>
  );
}
