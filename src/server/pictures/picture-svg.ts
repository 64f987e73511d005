import type { DOMPurify } from 'dompurify';
import type { SvgFindings } from './picture-process.js';

/**
 * An SVG's problems, read as a browser reads an SVG file: as XML (so `<p/><textarea><script>` is a
 * script, not text). DOMPurify's SVG profile is the allow-list of elements and attributes; anything it
 * would remove is a problem (the picture is refused, never rewritten: the stored bytes stay what was
 * uploaded). DOMPurify leaves CSS and addresses alone, so those are checked here: nothing may reach
 * outside the file, since an exported SVG opened from disk has no `/media` sandbox around it.
 *
 * Run only in the picture process (picture-encoder.ts): jsdom and one window add about 105 MiB to a
 * process, which the server's memory budget cannot hold; the picture process gives it back when idle.
 */

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

interface Checker {
  window: Window & typeof globalThis;
  purify: DOMPurify;
}

let checker: Promise<Checker> | undefined;

/** Loaded on the picture process's first SVG; its one window serves every SVG until the process ends. */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const window = new JSDOM('').window as unknown as Window & typeof globalThis;
    return { window, purify: createDOMPurify(window) };
  })();
  return checker;
}

/** A value as a browser reads an address: without whitespace or control characters, lower-cased. */
function compacted(value: string): string {
  return [...value]
    .filter((character) => (character.codePointAt(0) ?? 0) > 0x20)
    .join('')
    .toLowerCase();
}

/** A reference that stays inside the picture: a fragment (`#id`) or an embedded raster picture. */
function isLocalReference(value: string): boolean {
  const compact = compacted(value);
  return compact === '' || compact.startsWith('#') || /^data:image\/(?:png|jpeg|webp|gif|avif)[;,]/.test(compact);
}

function isScriptUrl(value: string): boolean {
  const compact = compacted(value);
  return compact.includes('javascript:') || compact.includes('vbscript:');
}

/** CSS as a browser tokenizes it: comments gone, escapes (`u\72l`, `\75 rl`) turned into what they spell. */
function decodedCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
    .replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([\s\S]))/g, (_, hex: string | undefined, other: string) => {
      if (hex === undefined) return other === '\n' ? '' : other;
      const code = Number.parseInt(hex, 16);
      return String.fromCodePoint(code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? code : 0xfffd);
    })
    .toLowerCase();
}

/**
 * CSS functions and rules that load something: `url()` other than a fragment, the image functions
 * that take a plain string (`image-set("http://…")`), `@import`, and fonts (`@font-face`).
 */
const LOADING_FUNCTIONS = /(?:^|[^a-z0-9_-])((?:-[a-z]+-)?(?:image-set|image|cross-fade|element|src))\(/g;

/** What in a stylesheet, style attribute or presentation attribute reaches outside the picture. */
function cssProblems(css: string, where: string): string[] {
  const problems: string[] = [];
  const decoded = decodedCss(css);
  if (decoded.includes('@import')) problems.push(`${where}: @import`);
  if (decoded.includes('@font-face')) problems.push(`${where}: @font-face`);
  for (const match of decoded.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))/g)) {
    const address = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (!isLocalReference(address)) problems.push(`${where}: url(${address})`);
  }
  for (const match of decoded.matchAll(LOADING_FUNCTIONS)) problems.push(`${where}: ${match[1]}()`);
  // A quoted address anywhere else (a font name never holds one).
  for (const match of decoded.matchAll(/"([^"]*)"|'([^']*)'/g)) {
    const text = match[1] ?? match[2] ?? '';
    if (/[:/\\]/.test(text) && !isLocalReference(text)) problems.push(`${where}: "${text}"`);
  }
  if (isScriptUrl(decoded)) problems.push(`${where}: javascript:`);
  return problems;
}

/** Attributes whose value is an address. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

function elementName(element: Element): string {
  return `<${element.nodeName}>`;
}

/** Every problem of an SVG document's text; an empty list means it may be stored and served. */
export async function svgFindings(text: string): Promise<SvgFindings> {
  const { window, purify } = await loadChecker();
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) return { malformed: (error.textContent ?? '').trim().split('\n')[0] ?? '', problems: [] };
  const root = document.documentElement;
  if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) return { notSvg: true, problems: [] };

  const problems: string[] = [];
  // A DOCTYPE can name an outside DTD or declare entities the XML parser expands: none is accepted.
  if (document.doctype) problems.push('<!DOCTYPE>');
  if (/<!ENTITY/i.test(text)) problems.push('<!ENTITY>');
  for (const node of [...document.childNodes]) {
    if (node.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE) problems.push(`<?${node.nodeName}?>`);
  }

  // Addresses and CSS first, on the document as it was parsed (DOMPurify changes it in place below).
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const where = `${elementName(element)} ${attribute.name}`;
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      if (ADDRESS_ATTRIBUTES.has(name) || attribute.localName === 'href') {
        if (!isLocalReference(attribute.value)) problems.push(`${where}="${attribute.value}"`);
      } else if (isScriptUrl(attribute.value)) problems.push(`${where}: javascript:`);
      else problems.push(...cssProblems(attribute.value, where));
    }
    if (element.localName === 'style') problems.push(...cssProblems(element.textContent ?? '', '<style>'));
  }

  // The allow-list: everything DOMPurify's SVG profile would take out, by name.
  const size = {
    width: root.getAttribute('width') ?? undefined,
    height: root.getAttribute('height') ?? undefined,
    viewBox: root.getAttribute('viewBox') ?? undefined,
  };
  // In XML a CDATA section is text (Illustrator wraps its stylesheets in one); DOMPurify knows it only
  // from HTML, where it is not, and would take it out.
  const sections = document.createTreeWalker(root, window.NodeFilter.SHOW_CDATA_SECTION);
  const cdata: Node[] = [];
  while (sections.nextNode()) cdata.push(sections.currentNode);
  for (const section of cdata)
    section.parentNode?.replaceChild(document.createTextNode(section.textContent ?? ''), section);
  purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // `<use>` (icon sprites) is safe once its address is a fragment, as checked above; `role="img"`
    // is how an accessible SVG names itself.
    ADD_TAGS: ['use'],
    ADD_ATTR: ['role'],
    IN_PLACE: true,
  });
  for (const removed of purify.removed as { element?: Node; attribute?: Attr | null; from?: Element }[]) {
    if (removed.attribute && removed.from) {
      problems.push(`${elementName(removed.from)} ${removed.attribute.name}`);
    } else if (removed.element) {
      const node = removed.element;
      if (node.nodeType === window.Node.ELEMENT_NODE) {
        // Taken out whole: what it hid is named too (`<textarea><script>`).
        for (const element of [node as Element, ...(node as Element).querySelectorAll('*')]) {
          if (element !== node && element.localName !== 'script') continue;
          problems.push(elementName(element));
        }
        for (const element of (node as Element).querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            if (attribute.name.toLowerCase().startsWith('on'))
              problems.push(`${elementName(element)} ${attribute.name}`);
          }
        }
      } else if (node.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE) problems.push(`<?${node.nodeName}?>`);
      else if (node.nodeType === window.Node.COMMENT_NODE) problems.push('<!-- a comment holding markup -->');
      else problems.push(node.nodeName);
    }
  }
  return { problems: [...new Set(problems)], size };
}
