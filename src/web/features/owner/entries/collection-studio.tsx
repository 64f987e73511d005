import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import type { Collection } from '../../../../shared/schemas/collections.js';
import { ErrorMessage } from '../components/error-message.js';
import siteStyles from '../site/site.module.css';
import { useEntry } from './api/get-entry.js';
import { CollectionList } from './collection-list.js';
import { EntryConflict } from './entry-conflict.js';
import { EntryEditor } from './entry-editor.js';
import { EntryEditorProvider } from './entry-editor-context.js';
import { EntryHistory } from './entry-history.js';
import { EntryPublishBar } from './entry-publish-bar.js';

/**
 * A collection in the studio (`/owner/site/notes`, `/owner/site/projects`): its list, and an entry's
 * editor and history, which share the entry's draft and its publish bar.
 */
export function CollectionStudio({ collection }: { collection: Collection }) {
  return (
    <Routes>
      <Route index element={<CollectionList collection={collection} />} />
      <Route path=":id/*" element={<EntryScreens collection={collection} />} />
    </Routes>
  );
}

function EntryScreens({ collection }: { collection: Collection }) {
  const { t } = useTranslation('studio');
  const { id = '' } = useParams();
  const entry = useEntry(collection, id);
  if (entry.error) {
    return (
      <div className={siteStyles.page}>
        <ErrorMessage error={t('load_failed')} />
        <Link to={OWNER_PATHS[collection]}>{t(`entries.back.${collection}`)}</Link>
      </div>
    );
  }
  if (!entry.data) return <p className={siteStyles.muted}>{t('loading')}</p>;
  return (
    <EntryEditorProvider key={id} collection={collection} initial={entry.data}>
      <div className={siteStyles.studio}>
        <EntryConflict />
        <Routes>
          <Route index element={<EntryEditor />} />
          <Route path="history" element={<EntryHistory />} />
        </Routes>
        <EntryPublishBar />
      </div>
    </EntryEditorProvider>
  );
}
