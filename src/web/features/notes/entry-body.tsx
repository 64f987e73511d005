import { HTML_LANG, type Locale } from '../../../shared/locales.js';
import '../../styles/code-highlight.css';
import styles from './entry-body.module.css';

/**
 * An entry's body: the HTML the server's Markdown pipeline made on publish (raw HTML, unsafe links
 * and event handlers removed by rehype-sanitize, code highlighted into classes), in the entry's
 * language.
 */
export function EntryBody({ html, locale }: { html: string; locale: Locale }) {
  return (
    <div
      className={styles.body}
      lang={HTML_LANG[locale]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the entry's HTML, rendered and sanitized by the server when it was published
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
