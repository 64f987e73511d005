import type rehypeSanitize from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';
import { HIGHLIGHT_CLASSES } from './highlight.js';

// hast's types, as rehype-sanitize takes them (the package `@types/hast` is not a dependency of ours).
export type Root = Parameters<ReturnType<typeof rehypeSanitize>>[0];
export type ElementContent = Extract<Root['children'][number], { children: unknown }>['children'][number];
export type Element = Extract<ElementContent, { type: 'element' }>;
export type Parent = Root | Element;

/**
 * What a rendered body may hold: exactly what the pipeline writes (decision 028), and nothing that
 * runs. Applied last, so a mistake in an earlier step cannot let anything else through. hast's
 * property names: `className` is `class`, `dataLanguage` is `data-language`.
 */
export const SANITIZE_SCHEMA: SanitizeSchema = {
  tagNames: [
    'a',
    'blockquote',
    'br',
    'code',
    'del',
    'div',
    'em',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'img',
    'input',
    'li',
    'ol',
    'p',
    'pre',
    'section',
    'span',
    'strong',
    'sup',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'ul',
  ],
  attributes: {
    a: [
      'href',
      ['className', 'heading-anchor', 'data-footnote-backref'],
      ['id', /^fnref-/],
      'dataFootnoteRef',
      'dataFootnoteBackref',
      ['ariaDescribedBy', 'footnote-label'],
      'ariaLabel',
    ],
    h2: ['id', ['className', 'visually-hidden']],
    h3: ['id'],
    h4: ['id'],
    pre: [
      ['className', 'code-block'],
      ['dataLanguage', /^[a-z0-9+#-]{1,24}$/],
      ['tabIndex', 0],
    ],
    span: [
      ['className', ...HIGHLIGHT_CLASSES],
      ['id', /^fnref-/],
    ],
    div: [
      ['className', 'table-scroll'],
      ['tabIndex', 0],
    ],
    section: ['dataFootnotes', ['className', 'footnotes']],
    li: [
      ['id', /^fn-/],
      ['className', 'task-list-item'],
    ],
    ul: [['className', 'contains-task-list']],
    ol: ['start', ['className', 'contains-task-list']],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    img: ['src', 'alt', 'title', ['loading', 'lazy'], ['decoding', 'async']],
    td: [['align', 'left', 'center', 'right']],
    th: [['align', 'left', 'center', 'right']],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  // The site's web, mail and phone links; a picture's address is relative (`/media/…`) or goes.
  protocols: { href: ['http', 'https', 'mailto', 'tel'], src: [] },
  // Heading ids are kept apart from the page's own by HeadingIds, not by a prefix (decision 028).
  clobber: [],
  clobberPrefix: '',
  ancestors: { tbody: ['table'], td: ['table'], th: ['table'], thead: ['table'], tr: ['table'] },
  strip: ['script', 'style'],
};
