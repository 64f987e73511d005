import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_PREFIX } from '../../../../shared/http.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { useContentVersion } from '../api/get-content-version.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { useDraftEditor } from './draft-context.js';
import styles from './site.module.css';

/**
 * The draft as a whole, under the sections: discard it (the published content back as the draft,
 * after a styled question), the history, and the published site as a zip. Publishing itself is in
 * the bar at the foot of every studio screen.
 */
export function PublishPanel() {
  const { t } = useTranslation('studio');
  const { store, published } = useDraftEditor();
  const publishedVersion = useContentVersion(published?.number);
  const [confirmDialog, confirm] = useConfirm();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function onDiscard() {
    if (!publishedVersion.data) return;
    const discard = await confirm({
      title: t('publish_bar.discard_title'),
      message: t('publish.discard_confirm'),
      confirmLabel: t('publish_bar.discard_button'),
      cancelLabel: t('publish_bar.cancel'),
      destructive: true,
    });
    if (!discard) return;
    setBusy(true);
    store.edit(publishedVersion.data.content);
    setNotice((await store.flush()) ? t('publish.discarded') : undefined);
    setBusy(false);
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('publish_bar.panel_title')}</h2>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={onDiscard}
          disabled={busy || !publishedVersion.data}
        >
          {t('publish.discard')}
        </button>
      </div>
      <p role="status" className={styles.success}>
        {notice}
      </p>
      <p className={styles.links}>
        <Link to={`${OWNER_PATHS.site}/history`}>{t('history.title')}</Link>
        <a href={`${API_PREFIX}/owner/content/export.zip`} download>
          {t('publish.export')}
        </a>
      </p>
      {confirmDialog}
    </section>
  );
}
