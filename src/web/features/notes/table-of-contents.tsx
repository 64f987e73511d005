import { useTranslation } from 'react-i18next';
import type { Heading } from '../../../shared/schemas/collections.js';
import styles from './table-of-contents.module.css';

/** A long note's table of contents: from this many headings on (h2 and h3). */
const CONTENTS_FROM_HEADINGS = 3;

interface Section {
  heading: Heading;
  children: Heading[];
}

/** h3s under the h2 before them; an h3 before any h2 stands on its own. */
function outline(headings: Heading[]): Section[] {
  const sections: Section[] = [];
  for (const heading of headings) {
    const parent = sections.at(-1);
    if (heading.depth === 3 && parent?.heading.depth === 2) parent.children.push(heading);
    else sections.push({ heading, children: [] });
  }
  return sections;
}

/** Links to the body's h2 and h3 headings (their ids are the Markdown pipeline's, stable per text). */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  const { t } = useTranslation();
  const listed = headings.filter((heading) => heading.depth === 2 || heading.depth === 3);
  if (listed.length < CONTENTS_FROM_HEADINGS) return null;
  return (
    <nav className={styles.contents} aria-labelledby="contents-title">
      <h2 id="contents-title" className={styles.title}>
        {t('notes.contents')}
      </h2>
      <ol>
        {outline(listed).map(({ heading, children }) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
            {children.length > 0 && (
              <ol>
                {children.map((child) => (
                  <li key={child.id}>
                    <a href={`#${child.id}`}>{child.text}</a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
