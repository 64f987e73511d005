import { useDeferredValue, useMemo } from 'react';
import { compareContent } from '../../../../shared/content-compare.js';
import { useContentVersion } from '../api/get-content-version.js';
import { useDraftEditor } from './draft-context.js';

/**
 * What the draft changes from the version visitors see, per section (undefined while that version
 * loads). Typing updates it a moment later: the comparison never holds up a keystroke.
 */
export function useDraftChanges(): ReturnType<typeof compareContent> | undefined {
  const { snapshot, published } = useDraftEditor();
  const publishedVersion = useContentVersion(published?.number);
  const content = useDeferredValue(snapshot.content);
  const publishedContent = publishedVersion.data?.content;
  return useMemo(
    () => (publishedContent ? compareContent(publishedContent, content) : undefined),
    [publishedContent, content],
  );
}
