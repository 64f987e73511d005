import type { HighlighterCore, LanguageRegistration, ThemeRegistration } from '@shikijs/core';

/**
 * Code highlighted on the server with shiki's fine-grained core and its JavaScript regex engine (no
 * WebAssembly), decision 028. The page's Content-Security-Policy refuses inline `style` attributes,
 * which shiki writes for its colours; so the theme below paints each kind of token with a
 * placeholder colour, each placeholder is read back as a class (`hl-keyword`…), and
 * src/web/styles/code-highlight.css colours those classes in both themes.
 */

/** The kinds of token the page colours. Every one has a rule in code-highlight.css. */
export const TOKEN_CLASSES = [
  'comment',
  'keyword',
  'string',
  'number',
  'constant',
  'function',
  'type',
  'variable',
  'property',
  'tag',
  'attribute',
  'punctuation',
  'inserted',
  'deleted',
  'heading',
] as const;
export type TokenClass = (typeof TOKEN_CLASSES)[number];

/**
 * The TextMate scopes of each kind. As in any theme, the most specific selector wins, so
 * `punctuation.definition.string` is a string's and `keyword.operator.new` a keyword.
 */
const SCOPES: Record<TokenClass, string[]> = {
  comment: ['comment', 'punctuation.definition.comment', 'string.comment'],
  keyword: [
    'keyword',
    'storage',
    'storage.type',
    'keyword.operator.new',
    'keyword.operator.expression',
    'keyword.operator.logical.python',
    'keyword.operator.word',
    'punctuation.definition.list.begin.markdown',
    'markup.list',
  ],
  string: [
    'string',
    'punctuation.definition.string',
    'string.regexp',
    'source.regexp',
    'string.other.link',
    'markup.underline.link',
    'markup.inline.raw',
    'markup.quote',
  ],
  number: ['constant.numeric', 'keyword.other.unit'],
  constant: [
    'constant',
    'constant.language',
    'constant.character.escape',
    'constant.other.reference.link',
    'entity.name.constant',
    'variable.other.constant',
    'variable.other.enummember',
    'variable.language',
    'support.constant',
    'meta.diff.header',
  ],
  function: [
    'entity.name.function',
    'support.function',
    'meta.function-call entity.name.function',
    'entity.name.function.macro',
    'meta.diff.range',
  ],
  type: [
    'entity.name.type',
    'entity.name.class',
    'entity.name.namespace',
    'entity.other.inherited-class',
    'support.type',
    'support.class',
    'storage.type.primitive',
    'storage.type.built-in',
    'storage.type.java',
    'entity.name.type.class',
  ],
  variable: [
    'variable.parameter',
    'variable.other.php',
    'variable.other.normal.shell',
    'punctuation.definition.variable',
  ],
  property: [
    'variable.other.property',
    'variable.other.object.property',
    'meta.property-name',
    'support.type.property-name',
    'entity.name.tag.yaml',
    'support.type.property-name.json',
  ],
  tag: ['entity.name.tag', 'entity.other.attribute-name.class.css', 'entity.other.attribute-name.id.css'],
  attribute: ['entity.other.attribute-name'],
  punctuation: ['punctuation', 'keyword.operator', 'meta.brace'],
  inserted: ['markup.inserted', 'punctuation.definition.inserted', 'meta.diff.header.to-file'],
  deleted: ['markup.deleted', 'punctuation.definition.deleted', 'meta.diff.header.from-file'],
  heading: ['markup.heading', 'markup.heading entity.name', 'entity.name.section'],
};

/** `#000001`, `#000002`…: a colour per kind, never shown (plain text is `#000000`). */
const placeholder = (index: number) => `#${(index + 1).toString(16).padStart(6, '0')}`;

const CLASS_OF_PLACEHOLDER = new Map<string, TokenClass>(
  TOKEN_CLASSES.map((name, index) => [placeholder(index), name]),
);

const THEME_NAME = 'sahifa-classes';
const THEME: ThemeRegistration = {
  name: THEME_NAME,
  type: 'light',
  fg: '#000000',
  bg: '#ffffff',
  settings: [
    { settings: { foreground: '#000000', background: '#ffffff' } },
    ...TOKEN_CLASSES.map((name, index) => ({ scope: SCOPES[name], settings: { foreground: placeholder(index) } })),
    // Emphasis in Markdown and the like: bold and italic are read from the font style (see classesOf).
    { scope: ['markup.bold'], settings: { fontStyle: 'bold' } },
    { scope: ['markup.italic'], settings: { fontStyle: 'italic' } },
  ],
};

/** shiki's own bits of a token's font style. */
const ITALIC = 1;
const BOLD = 2;

/** The languages highlighted, by shiki's module name: the common ones of a developer's notes (issue 27). */
const LANGUAGE_MODULES = {
  typescript: () => import('@shikijs/langs/typescript'),
  tsx: () => import('@shikijs/langs/tsx'),
  javascript: () => import('@shikijs/langs/javascript'),
  jsx: () => import('@shikijs/langs/jsx'),
  json: () => import('@shikijs/langs/json'),
  css: () => import('@shikijs/langs/css'),
  html: () => import('@shikijs/langs/html'),
  shellscript: () => import('@shikijs/langs/shellscript'),
  python: () => import('@shikijs/langs/python'),
  sql: () => import('@shikijs/langs/sql'),
  yaml: () => import('@shikijs/langs/yaml'),
  markdown: () => import('@shikijs/langs/markdown'),
  diff: () => import('@shikijs/langs/diff'),
  go: () => import('@shikijs/langs/go'),
  rust: () => import('@shikijs/langs/rust'),
  php: () => import('@shikijs/langs/php'),
  java: () => import('@shikijs/langs/java'),
  kotlin: () => import('@shikijs/langs/kotlin'),
  swift: () => import('@shikijs/langs/swift'),
} satisfies Record<string, () => Promise<{ default: LanguageRegistration[] }>>;
export type LanguageModule = keyof typeof LANGUAGE_MODULES;

/**
 * What may follow a code fence, and the grammar it names: the modules' names and shiki's aliases.
 * Fixed here rather than read from what is loaded, so a name means the same on every render.
 */
const LANGUAGE_NAMES: Readonly<Record<string, LanguageModule>> = {
  ...Object.fromEntries(Object.keys(LANGUAGE_MODULES).map((name) => [name, name as LanguageModule])),
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  py: 'python',
  yml: 'yaml',
  md: 'markdown',
  rs: 'rust',
  kt: 'kotlin',
  kts: 'kotlin',
};

/** The grammar a fence's language name (lowercase) names, if it is one the site highlights. */
export function highlightedLanguage(name: string): LanguageModule | undefined {
  return Object.hasOwn(LANGUAGE_NAMES, name) ? LANGUAGE_NAMES[name] : undefined;
}

/**
 * A longer line is left plain, so that no line can keep the tokenizer busy for long (the output
 * must not depend on the machine's speed, so there is no time limit instead; see tokens()).
 */
const MAX_LINE_LENGTH = 2_000;

/**
 * The highlighter is made on the first body with code (about 0.1 s) and loads each grammar when a
 * body first uses it; each grammar's rules are compiled on their first use (about 1 s and 10 MB of
 * heap for TypeScript, decision 028). Rendering happens on publish, not per request: after a quiet
 * while the highlighter is let go, so a server that published once does not keep them for good.
 */
const RELEASE_AFTER_MS = 10 * 60_000;

interface Loaded {
  highlighter: Promise<HighlighterCore>;
  languages: Map<LanguageModule, Promise<void>>;
}
let loaded: Loaded | undefined;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

async function createHighlighter(): Promise<HighlighterCore> {
  const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
    import('@shikijs/core'),
    import('@shikijs/engine-javascript'),
  ]);
  return createHighlighterCore({ themes: [THEME], langs: [], engine: createJavaScriptRegexEngine() });
}

/** The highlighter with `languages` (grammar names, see highlightedLanguage) loaded, shared by every render until it is let go. */
export async function codeHighlighter(languages: Iterable<LanguageModule>): Promise<CodeHighlighter> {
  if (!loaded) {
    const highlighter = createHighlighter();
    loaded = { highlighter, languages: new Map() };
    // A failure is not kept: the next render tries again.
    highlighter.catch(() => {
      loaded = undefined;
    });
  }
  const current = loaded;
  const highlighter = await current.highlighter;
  await Promise.all(
    [...new Set(languages)].map((language) => {
      let loading = current.languages.get(language);
      if (!loading) {
        loading = LANGUAGE_MODULES[language]().then((module) => highlighter.loadLanguage(...module.default));
        current.languages.set(language, loading);
        loading.catch(() => current.languages.delete(language));
      }
      return loading;
    }),
  );
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    if (loaded === current) loaded = undefined;
    releaseTimer = undefined;
    highlighter.dispose();
  }, RELEASE_AFTER_MS);
  releaseTimer.unref();
  return new CodeHighlighter(highlighter);
}

/** One token of highlighted code: its text and its classes (none for plain text). */
export interface HighlightedToken {
  text: string;
  classes: string[];
}

export class CodeHighlighter {
  readonly #highlighter: HighlighterCore;

  constructor(highlighter: HighlighterCore) {
    this.#highlighter = highlighter;
  }

  /**
   * The code's lines as tokens, neighbours of the same classes merged. A language the site does not
   * highlight gives each line as one plain token.
   */
  tokens(code: string, language: string): HighlightedToken[][] {
    const grammar = highlightedLanguage(language);
    if (!grammar) return code.split('\n').map((line) => (line ? [{ text: line, classes: [] }] : []));
    const lines = this.#highlighter.codeToTokensBase(code, {
      lang: grammar,
      theme: THEME_NAME,
      tokenizeMaxLineLength: MAX_LINE_LENGTH,
      // No time limit: shiki's default (0.5 s a line) cuts a line short while a grammar's rules are
      // still being compiled on its first use, so the same code would come out different.
      tokenizeTimeLimit: 0,
    });
    return lines.map((line) => {
      const merged: HighlightedToken[] = [];
      for (const token of line) {
        const classes = classesOf(token.color, token.fontStyle);
        const last = merged.at(-1);
        if (last && sameClasses(last.classes, classes)) last.text += token.content;
        else merged.push({ text: token.content, classes });
      }
      return merged;
    });
  }
}

function classesOf(color: string | undefined, fontStyle: number | undefined): string[] {
  const classes: string[] = [];
  const kind = color === undefined ? undefined : CLASS_OF_PLACEHOLDER.get(color.toLowerCase());
  if (kind) classes.push(`hl-${kind}`);
  if (fontStyle !== undefined && fontStyle > 0) {
    if (fontStyle & BOLD) classes.push('hl-bold');
    if (fontStyle & ITALIC) classes.push('hl-italic');
  }
  return classes;
}

function sameClasses(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

/** Every class a highlighted token may carry (the sanitizer keeps these and no other). */
export const HIGHLIGHT_CLASSES: readonly string[] = [
  ...TOKEN_CLASSES.map((name) => `hl-${name}`),
  'hl-bold',
  'hl-italic',
];
