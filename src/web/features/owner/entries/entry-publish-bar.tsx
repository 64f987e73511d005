import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { NoChangeSummary, PublishBar } from '../studio/publish-bar.js';
import { usePublishEntry } from './api/publish-entry.js';
import { focusEntryField } from './entry-editor.js';
import { useEntryEditor } from './entry-editor-context.js';
import { entryFieldId } from './entry-model.js';
import { useProblemWords } from './problem-words.js';

/** Each problem as a link to its field in the editor (its language's column and body shown first). */
function EntryProblemLinks({
  problems,
  onFollow,
}: {
  problems: readonly { field: string; code: FieldErrorCode }[];
  onFollow?: () => void;
}) {
  const words = useProblemWords();
  return (
    <ul>
      {problems.map((problem) => (
        <li key={problem.field}>
          <a
            href={`#${entryFieldId(problem.field)}`}
            onClick={(event) => {
              event.preventDefault();
              onFollow?.();
              focusEntryField(problem.field);
            }}
          >
            {words(problem)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The entry's bar at the foot of its screens, the sections' publish bar: whether the draft is saved,
 * its problems (each a link to its field), and Publish, asked in a dialog. An address another entry
 * has is refused by the server alone, and named as the address's problem.
 */
export function EntryPublishBar() {
  const { t } = useTranslation('studio');
  const { collection, id, store, snapshot, problems, setPublished } = useEntryEditor();
  const publish = usePublishEntry(collection);
  return (
    <PublishBar
      status={snapshot.status}
      content={snapshot.content}
      currentContent={() => store.getSnapshot().content}
      summary={<NoChangeSummary />}
      publishing={{
        title: t('entries.publish_title'),
        message: t('entries.publish_text'),
        problems,
        ProblemLinks: EntryProblemLinks,
        flush: () => store.flush(),
        publish: (note) => publish.mutateAsync({ collection, id, note }),
        onPublished: (version) => setPublished(version),
        explainRefusal: (error) =>
          error instanceof ApiError && error.code === 'slug_taken'
            ? { problems: [{ field: 'slug', code: 'invalid' }], failure: t('entries.slug_taken') }
            : undefined,
      }}
    />
  );
}
