import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type Node, type Root } from 'postcss';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve('src/web');
const LAYERS = ['base', 'components', 'composites'];
/** Above every layer: rules outside one. */
const UNLAYERED = LAYERS.length;

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(file);
    return entry.name.endsWith('.module.css') ? [file] : [];
  });
}

/** Where a rule stands in the cascade: its layer's place in global.css's list, or above them all. */
function rank(node: Node): number {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type !== 'atrule') continue;
    const { name, params } = parent as AtRule;
    if (name !== 'layer') continue;
    const place = LAYERS.indexOf(params);
    if (place < 0) throw new Error(`unknown layer ${params}`);
    return place;
  }
  return UNLAYERED;
}

const parsed = new Map<string, Root>();
const parse = (file: string) => {
  if (!parsed.has(file)) parsed.set(file, postcss.parse(readFileSync(file, 'utf8'), { from: file }));
  return parsed.get(file) as Root;
};

describe('the cascade layers (decision 046)', () => {
  it('global.css names the layers first, lowest first', () => {
    const first = parse(path.join(WEB, 'styles/global.css')).nodes.find((node) => node.type !== 'comment');
    expect(first?.type === 'atrule' && `@${first.name} ${first.params}`).toBe(`@layer ${LAYERS.join(', ')}`);
  });

  // A composed file is also imported directly by components, so the bundle may put its rules again after
  // the module that composes it: a rule that changes what it composes must stand above it in the cascade.
  it('puts every rule that composes a class and changes it above the file it composes from', () => {
    let compositions = 0;
    const losing: string[] = [];
    for (const file of moduleFiles(WEB)) {
      parse(file).walkDecls('composes', (declaration) => {
        const from = /\bfrom\s+"([^"]+)"/.exec(declaration.value)?.[1];
        const rule = declaration.parent;
        if (!from || !rule || rule.type !== 'rule') return;
        compositions++;
        const own = rule.nodes.filter((node) => node.type === 'decl' && node.prop !== 'composes');
        if (own.length === 0) return;
        let highest = -1;
        parse(path.resolve(path.dirname(file), from)).walkRules((composed) => {
          highest = Math.max(highest, rank(composed));
        });
        if (highest >= rank(rule)) {
          losing.push(`${path.relative(WEB, file)} ${rule.selector} (composes from ${from})`);
        }
      });
    }
    expect(compositions).toBeGreaterThan(50);
    expect(losing).toEqual([]);
  });
});
