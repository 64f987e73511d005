import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import type { SiteContent } from '../../shared/schemas/content.js';
import { escapeHtml } from '../lib/escape-html.js';

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * The owner's footer HTML may use these elements, with these attributes and nothing else. A Map, not
 * an object: a tag such as `<constructor>` must not find `Object.prototype`'s properties.
 */
const ALLOWED = new Map<string, readonly string[]>([
  ['p', []],
  ['br', []],
  ['strong', []],
  ['b', []],
  ['em', []],
  ['i', []],
  ['u', []],
  ['s', []],
  ['small', []],
  ['span', []],
  ['code', []],
  ['ul', []],
  ['ol', []],
  ['li', []],
  ['blockquote', []],
  ['a', ['href', 'title', 'target']],
]);
const VOID = new Set(['br']);
/** Elements whose content is never text for the reader (or is a world of its own, like SVG): dropped whole. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const MAX_DEPTH = 64;

/** A link target the browser would open as a web page, e-mail or phone call — never `javascript:` or `data:`. */
function safeHref(value: string): boolean {
  try {
    // The browser resolves (and strips tabs and newlines from) the address the same way.
    return SAFE_PROTOCOLS.has(new URL(value.trim(), 'https://site.invalid/').protocol);
  } catch {
    return false;
  }
}

function attributes(element: Element): string {
  const allowed = ALLOWED.get(element.tagName) ?? [];
  const kept: string[] = [];
  for (const { name, value } of element.attrs) {
    if (!allowed.includes(name)) continue;
    if (name === 'href' && !safeHref(value)) continue;
    if (name === 'target' && value !== '_blank') continue;
    kept.push(`${name}="${escapeHtml(value)}"`);
  }
  // A link that opens a new tab must not hand the new page a handle on this one.
  if (element.tagName === 'a' && kept.includes('target="_blank"')) kept.push('rel="noopener noreferrer"');
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

function serialize(nodes: Node[], depth: number): string {
  if (depth > MAX_DEPTH) return '';
  let html = '';
  for (const node of nodes) {
    if (node.nodeName === '#text' && 'value' in node) {
      html += escapeHtml(node.value);
      continue;
    }
    if (!('tagName' in node)) continue; // comments and doctypes
    // Only HTML elements: parse5 puts SVG and MathML content in their own namespaces.
    if (node.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED_WITH_CONTENT.has(node.tagName)) continue;
    const inner = serialize(node.childNodes, depth + 1);
    if (!ALLOWED.has(node.tagName)) {
      html += inner; // an unknown element goes, its text stays
      continue;
    }
    html += VOID.has(node.tagName)
      ? `<${node.tagName}>`
      : `<${node.tagName}${attributes(node)}>${inner}</${node.tagName}>`;
  }
  return html;
}

/**
 * The owner's HTML, rebuilt from an allow-list: parse5 parses it exactly as a browser would (HTML
 * standard), and only allowed elements and attributes are written back, with every text and value
 * escaped. Done once when the content loads, so browsers get HTML that is already safe and no
 * sanitizer has to ship to them (decision 015).
 */
export function sanitizeHtml(html: string): string {
  return serialize(parseFragment(html).childNodes, 0);
}

/** The content with every HTML field sanitized (today the footer's description). */
export function withSanitizedHtml(content: SiteContent): SiteContent {
  const { description } = content.footer;
  return {
    ...content,
    footer: {
      ...content.footer,
      description: {
        lotin: sanitizeHtml(description.lotin),
        russian: sanitizeHtml(description.russian),
        english: sanitizeHtml(description.english),
      },
    },
  };
}
