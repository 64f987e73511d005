import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposedCssLoader } from './css-modules-loader.js';

describe('the loader of composed CSS modules', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  // What postcss-modules' own plugins leave of `composes: base from "./base.css"`: ICSS rules.
  it('hands back the composed files as rules that keep their own file as source, dependencies first', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-css-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'base.css'), ':export { base: _base_1 }\n._base_1 { background: url(./dot.svg) }\n');
    writeFileSync(
      path.join(dir, 'button.css'),
      ':import("./base.css") { i_base: base }\n:export { button: _button_2 i_base }\n._button_2 { color: red }\n',
    );
    const loader = new ComposedCssLoader('/', []);
    expect(await loader.fetch('"./button.css"', path.join(dir, 'page.css'))).toEqual({ button: '_button_2 _base_1' });
    const rules = loader.finalSource.nodes.map((node) =>
      node.type === 'rule' ? [node.selector, path.basename(node.source?.input.file ?? '')] : [],
    );
    expect(rules).toEqual([
      ['._base_1', 'base.css'],
      ['._button_2', 'button.css'],
    ]);
  });
});
