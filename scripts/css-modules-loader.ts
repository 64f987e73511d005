import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postcss, { type AcceptedPlugin, type Plugin, type Root } from 'postcss';

type Tokens = Record<string, string>;
type FileResolve = (file: string, importer: string) => Promise<string | undefined>;

const IMPORT_RULE = /^:import\((.+)\)$/;
/** The words ICSS names can be, as icss-utils' replaceValueSymbols reads them. */
const SYMBOL = /[$]?[\w-]+/g;

/** postcss-modules' order for composed files: a file's own imports before it, siblings in order. */
function byTrace(a: string, b: string): number {
  if (a.length < b.length) return a < b.slice(0, a.length) ? -1 : 1;
  if (a.length > b.length) return a.slice(0, b.length) <= b ? -1 : 1;
  return a < b ? -1 : 1;
}

/**
 * postcss-modules' file loader (`css.modules.Loader` in vite.config.ts), but each file that a module
 * composes from (`composes: button from "./owner-button.module.css"`) is handed back as parsed rules
 * that keep their own file as their source, instead of as text the importer parses without one. With
 * text, Vite's url() rewriter met declarations without a file and warned that a PostCSS plugin had
 * not passed `from`; a url() in a composed file would also have been resolved from the wrong folder.
 * The rest is as postcss-modules does it: the same plugins, the same order, the same class names.
 */
export class ComposedCssLoader {
  private readonly loaded = new Map<string, { trace: string; root: Root; tokens: Tokens }>();
  private importNumber = 0;

  constructor(
    _root: string,
    private readonly plugins: AcceptedPlugin[],
    private readonly fileResolve?: FileResolve,
  ) {}

  async fetch(request: string, importer: string, trace?: string): Promise<Tokens> {
    const name = request.replace(/^["']|["']$/g, '');
    const resolved = await this.fileResolve?.(name, importer);
    const file = resolved && path.isAbsolute(resolved) ? resolved : path.resolve(path.dirname(importer), name);
    const known = this.loaded.get(file);
    if (known) return known.tokens;
    const tokens: Tokens = {};
    const ownTrace = trace ?? String.fromCharCode(this.importNumber++);
    const result = await postcss([...this.plugins, this.linker(ownTrace, tokens)]).process(
      await readFile(file, 'utf8'),
      { from: file },
    );
    this.loaded.set(file, { trace: ownTrace, root: result.root, tokens });
    return tokens;
  }

  /** Every composed file's rules, dependencies first; postcss-modules prepends them to the importer. */
  get finalSource(): Root {
    const all = postcss.root();
    const files = [...this.loaded.values()].sort((a, b) => byTrace(a.trace, b.trace));
    for (const { root } of files) all.append(root.nodes);
    return all;
  }

  /** postcss-modules' Parser: resolves a file's `:import`s through this loader and collects its `:export`. */
  private linker(trace: string, tokens: Tokens): Plugin {
    return {
      postcssPlugin: 'sahifa-composed-css-linker',
      OnceExit: async (root) => {
        const importer = root.source?.input.from ?? '';
        const imports = (root.nodes ?? []).filter((node) => node.type === 'rule' && IMPORT_RULE.test(node.selector));
        const translations: Tokens = {};
        await Promise.all(
          imports.map(async (rule, index) => {
            if (rule.type !== 'rule') return;
            const from = IMPORT_RULE.exec(rule.selector)?.[1] ?? '';
            const exported = await this.fetch(from, importer, trace + String.fromCharCode(index));
            rule.each((decl) => {
              if (decl.type === 'decl') translations[decl.prop] = exported[decl.value] ?? decl.value;
            });
            rule.remove();
          }),
        );
        const translate = (text: string) => text.replace(SYMBOL, (word) => translations[word] ?? word);
        root.walk((node) => {
          if (node.type === 'decl') node.value = translate(node.value);
          else if (node.type === 'rule') node.selector = translate(node.selector);
        });
        root.each((node) => {
          if (node.type !== 'rule' || node.selector !== ':export') return;
          node.each((decl) => {
            if (decl.type === 'decl') tokens[decl.prop] = decl.value;
          });
          node.remove();
        });
      },
    };
  }
}
