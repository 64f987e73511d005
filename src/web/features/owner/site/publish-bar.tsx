import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from './disclosure-button.js';
import { useDraftEditor } from './draft-context.js';
import { ProblemLinks } from './problem-links.js';
import { PublishDialog } from './publish-dialog.js';
import { SaveStatus } from './save-status.js';
import styles from './site.module.css';
import { useDraftChanges } from './use-draft-changes.js';

/**
 * The bar at the foot of every studio screen, kept in view: whether the draft is saved, how many
 * changes it has that visitors do not see yet, its problems (each a link to its field), and
 * Publish, which asks in a dialog. What the owner edits can be published from where it is edited.
 */
export function PublishBar() {
  const { t } = useTranslation('studio');
  const { store, snapshot, problems } = useDraftEditor();
  const changes = useDraftChanges();
  const [publishing, setPublishing] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const listId = useId();
  const changeCount = changes?.reduce((total, section) => total + section.changes.length, 0);
  const problemList = [...problems].map(([field, code]) => ({ field, code }));

  // "Published as version 7" is about the content it was said for; the next edit makes it old news.
  const publishedContent = useRef<unknown>(undefined);
  useEffect(() => {
    if (notice && publishedContent.current !== snapshot.content) setNotice(undefined);
  }, [notice, snapshot.content]);

  useEffect(() => {
    if (problems.size === 0) setListOpen(false);
  }, [problems.size]);

  return (
    <section className={styles.bar} aria-label={t('publish_bar.label')}>
      {listOpen && problemList.length > 0 && (
        <nav id={listId} className={styles.barProblems} aria-label={t('publish_bar.problem_list')}>
          <ProblemLinks problems={problemList} onFollow={() => setListOpen(false)} />
        </nav>
      )}
      <div className={styles.barRow}>
        <SaveStatus />
        {changeCount !== undefined && (
          <p className={changeCount > 0 ? styles.barChanged : styles.barQuiet}>
            {changeCount > 0 ? t('state.changed', { count: changeCount }) : t('state.unchanged')}
          </p>
        )}
        {problemList.length > 0 && (
          <DisclosureButton
            open={listOpen}
            onToggle={setListOpen}
            controls={listId}
            className={styles.barProblemsButton}
          >
            {t('state.problems', { count: problemList.length })}
          </DisclosureButton>
        )}
        <button
          type="button"
          className={styles.barPublish}
          aria-haspopup="dialog"
          onClick={() => {
            setNotice(undefined);
            setPublishing(true);
          }}
        >
          {t('publish_bar.open')}
        </button>
      </div>
      {/* Always there, so the news is announced when it comes. */}
      <p role="status" className={styles.barNotice}>
        {notice}
      </p>
      <PublishDialog
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(number) => {
          publishedContent.current = store.getSnapshot().content;
          setNotice(t('publish.published', { number }));
        }}
      />
    </section>
  );
}
