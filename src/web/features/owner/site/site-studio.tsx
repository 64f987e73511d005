import '../../../shared/lib/zod-without-eval.js';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { addStudioTranslations } from '../../../i18n/studio-i18n.js';
import { useContentDraft } from '../api/get-content-draft.js';
import { ErrorMessage } from '../components/error-message.js';
import { CollectionStudio } from '../entries/collection-studio.js';
import { SiteConflictDialog } from './conflict-dialog.js';
import { DraftEditorProvider } from './draft-context.js';
import { History } from './history.js';
import { SitePublishBar } from './publish-bar.js';
import { SectionEditor } from './section-editor.js';
import styles from './site.module.css';
import { SiteOverview } from './site-overview.js';
import { TranslationReport } from './translation-report.js';

addStudioTranslations();

/**
 * The content studio at /owner/site, its own lazy chunk: the sections and their state, a form per
 * section with its preview, the translation report and the history, each with the publish bar at
 * its foot. The draft is read once and then held (and autosaved) by the editor while the owner moves
 * between these screens.
 */
export function SiteStudio() {
  const { t } = useTranslation('studio');
  const draft = useContentDraft();
  if (draft.error) {
    return (
      <div className={styles.page}>
        <h1>{t('title')}</h1>
        <ErrorMessage error={t('load_failed')} />
      </div>
    );
  }
  if (!draft.data) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <DraftEditorProvider initial={draft.data}>
      <SiteConflictDialog />
      <Routes>
        {/* The collections have their own drafts and publish bar, per entry (entries/collection-studio.tsx). */}
        <Route path="notes/*" element={<CollectionStudio collection="notes" />} />
        <Route path="projects/*" element={<CollectionStudio collection="projects" />} />
        <Route
          path="*"
          element={
            <div className={styles.studio}>
              <Routes>
                <Route index element={<SiteOverview />} />
                <Route path="history" element={<History />} />
                <Route path="translations" element={<TranslationReport />} />
                <Route path=":section" element={<SectionEditor />} />
              </Routes>
              <SitePublishBar />
            </div>
          }
        />
      </Routes>
    </DraftEditorProvider>
  );
}
