import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from './server-runtime.js';

const root = new URL('../../', import.meta.url);
const serveScript = (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }
).scripts.serve;
const unit = readFileSync(new URL('docs/deploy/sahifa.service', root), 'utf8');

describe('how the server is started', () => {
  it('`npm run serve` starts node with the runtime settings', () => {
    for (const flag of SERVER_NODE_FLAGS) expect(serveScript).toContain(`node ${flag}`);
    for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) expect(serveScript).toContain(`${name}=${value}`);
  });

  it('the systemd unit starts node with the same settings', () => {
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    for (const flag of SERVER_NODE_FLAGS) expect(execStart).toContain(` ${flag} `);
    for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) {
      expect(unit).toMatch(new RegExp(`^Environment=${name}=${value}$`, 'm'));
    }
  });
});
