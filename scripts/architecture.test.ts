import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
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
