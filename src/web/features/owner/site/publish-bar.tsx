import { useTranslation } from 'react-i18next';
import { usePublishContent } from '../api/publish-content.js';
import { ChangeSummary, PublishBar } from '../studio/publish-bar.js';
import { useDraftEditor } from './draft-context.js';
import { ProblemLinks } from './problem-links.js';
import { useDraftChanges } from './use-draft-changes.js';

/** The sections' publish bar: the draft's changes counted against the published version, Publish for all five. */
export function SitePublishBar() {
  const { t } = useTranslation('studio');
  const { store, snapshot, problems, setPublished } = useDraftEditor();
  const changes = useDraftChanges();
  const publish = usePublishContent();
  const changeCount = changes?.reduce((total, section) => total + section.changes.length, 0);
  return (
    <PublishBar
      status={snapshot.status}
      content={snapshot.content}
      currentContent={() => store.getSnapshot().content}
      summary={<ChangeSummary count={changeCount} />}
      publishing={{
        title: t('publish_bar.confirm_title'),
        message: changeCount ? t('publish_bar.confirm_changes', { count: changeCount }) : t('publish_bar.confirm_none'),
        problems,
        ProblemLinks,
        flush: () => store.flush(),
        publish: (note) => publish.mutateAsync({ note }),
        onPublished: (version) => setPublished(version),
      }}
    />
  );
}
