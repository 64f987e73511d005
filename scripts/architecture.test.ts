import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The linter holds the architecture (docs/architecture.md, "The layout shows the architecture"):
 * each forbidden import below is written into a real file in the folder it is forbidden in, and
 * `biome lint` (the rules `npm run lint` runs) must reject it. One allowed import proves the probes
 * are not rejected for some other reason.
 */
const run = promisify(execFile);
const tag = `architecture-probe-${process.pid}`;

interface Probe {
  name: string;
  file: string;
  source: string;
  rule: string | undefined;
}

const probes: Probe[] = [
  {
    name: 'the server imported from a web feature',
    file: `src/web/features/about/${tag}.ts`,
    source: "import '../../../server/app.js';",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'a feature imported from src/web/shared',
    file: `src/web/shared/lib/${tag}.ts`,
    source: "import '../../features/about/about-page.js';",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'src/web/app imported from a feature',
    file: `src/web/features/about/${tag}-app.ts`,
    source: "import '../../app/router.js';",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'the server imported from src/shared',
    file: `src/shared/${tag}.ts`,
    source: "import '../server/app.js';",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'the web app imported from the server',
    file: `src/server/${tag}.ts`,
    source: "import '../web/app/router.js';",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'an import cycle, even of types only',
    file: `src/web/features/about/${tag}-cycle.ts`,
    source: `import type { probe as other } from './${tag}-cycle-back.js';\nexport const probe: typeof other = 1;`,
    rule: 'lint/suspicious/noImportCycles',
  },
  {
    name: 'the other half of the cycle',
    file: `src/web/features/about/${tag}-cycle-back.ts`,
    source: `import { probe as other } from './${tag}-cycle.js';\nexport const probe = other;`,
    rule: 'lint/suspicious/noImportCycles',
  },
  {
    name: 'a feature importing src/web/shared and src/shared (allowed)',
    file: `src/web/features/about/${tag}-allowed.ts`,
    source: "import '../../shared/lib/motion.js';\nimport '../../../shared/paths.js';",
    rule: undefined,
  },
];

interface Diagnostic {
  category: string;
  location?: { path?: string };
}

describe('the linter holds the architecture', () => {
  let diagnostics: Diagnostic[] = [];

  beforeAll(async () => {
    for (const probe of probes) {
      mkdirSync(path.dirname(probe.file), { recursive: true });
      writeFileSync(probe.file, `${probe.source}\nexport const probe${probe.rule ? '' : 'Allowed'} = 1;\n`);
    }
    // Biome exits non-zero when it finds errors; the report is on stdout either way.
    const stdout = await run('npx', ['biome', 'lint', '--reporter=json', ...probes.map((probe) => probe.file)], {
      maxBuffer: 10_000_000,
    }).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    diagnostics = (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  }, 60_000);

  afterAll(() => {
    for (const probe of probes) rmSync(probe.file, { force: true });
  });

  for (const probe of probes) {
    it(probe.rule ? `rejects ${probe.name}` : `accepts ${probe.name}`, () => {
      const found = diagnostics.filter((diagnostic) => diagnostic.location?.path === probe.file);
      if (probe.rule) expect(found.map((diagnostic) => diagnostic.category)).toContain(probe.rule);
      else expect(found).toEqual([]);
    });
  }
});

/**
 * The server's folders form a graph without cycles (docs/architecture.md, "Server"): each folder
 * directly under src/server is one node, and so is each file directly in src/server (`app.ts`,
 * `config.ts`, …), since those are the app's wiring and its leaves rather than one job. The edges are
 * the production modules' real import statements, read by TypeScript's own pre-processor (static,
 * dynamic and type-only imports and re-exports alike); tests and the test helpers (`src/server/test/`)
 * are left out, since they drive the whole server.
 */
const SERVER = 'src/server';

type FolderGraph = Map<string, Set<string>>;

function productionFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return file === path.join(SERVER, 'test') ? [] : productionFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The node a file belongs to: its top-level folder under src/server, or the file itself. */
function nodeOf(file: string): string | undefined {
  const relative = path.relative(SERVER, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : relative;
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.join(path.dirname(from), specifier).replace(/\.js$/, '');
  return ['.ts', '.tsx', '/index.ts'].map((extension) => target + extension).find((name) => existsSync(name));
}

function serverFolderGraph(): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of productionFiles(SERVER)) {
    const from = nodeOf(file) ?? file;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      const to = target && nodeOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * Every elementary cycle of the graph, each written from its smallest node back to it
 * (`a → b → a`), found by a depth-first search from each node over the nodes after it.
 */
function folderCycles(graph: FolderGraph): string[] {
  const nodes = [...graph.keys()].sort();
  const cycles: string[] = [];
  for (const [index, start] of nodes.entries()) {
    const allowed = new Set(nodes.slice(index));
    const walk = (node: string, trail: string[]) => {
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (next === start) cycles.push([...trail, start].join(' → '));
        else if (allowed.has(next) && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

describe('the server folders import one another without cycles', () => {
  it('finds a known cycle in a probe graph, and none in a graph without one', () => {
    const probe: FolderGraph = new Map([
      ['content', new Set(['db', 'serving'])],
      ['serving', new Set(['seo'])],
      ['seo', new Set(['serving', 'content'])],
      ['db', new Set<string>()],
    ]);
    expect(folderCycles(probe)).toEqual(['content → serving → seo → content', 'seo → serving → seo']);
    expect(
      folderCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the real imports: app.ts reaches the routes, the database and the jobs', () => {
    const graph = serverFolderGraph();
    expect([...(graph.get('app.ts') ?? [])]).toEqual(expect.arrayContaining(['routes', 'db', 'jobs']));
  });

  it('has no cycle between the folders of src/server', () => {
    expect(folderCycles(serverFolderGraph())).toEqual([]);
  });
});
