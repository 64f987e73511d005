import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/built-site.js';
import { describeDatabase } from './startup-errors.js';
import { writeContentDir } from './test/sample-content.js';
import { serverProcesses } from './test/server-process.js';

/** A port on 127.0.0.1 that some other program holds. */
async function takenPort(servers: Server[]): Promise<number> {
  const server = createServer();
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return address.port;
}

describe('start-up failures the owner can fix, in one line', () => {
  const { tempDir, start } = serverProcesses('sahifa-startup-');
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function failedStart(env: Record<string, string>): Promise<string> {
    const server = start({
      CONTENT_DIR: writeContentDir(path.join(tempDir(), 'content')),
      DATA_DIR: tempDir(),
      WEB_ROOT: tempDir(),
      LOG_LEVEL: 'error',
      ...env,
    });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    return server.output().trim();
  }

  it('a taken port names PORT, without a stack', async () => {
    const port = await takenPort(servers);
    expect(await failedStart({ PORT: String(port) })).toBe(
      `Sahifa cannot start: port ${port} on 127.0.0.1 is already in use by another program: stop it, or choose another port with PORT`,
    );
  });

  it('an unreachable PostgreSQL says it cannot connect, and where', async () => {
    const port = await freePort();
    expect(await failedStart({ DATABASE_URL: `postgres://sahifa:secret@127.0.0.1:${port}/site` })).toBe(
      `Sahifa cannot start: cannot connect to the database, PostgreSQL sahifa@127.0.0.1:${port}/site: nothing answers at that address; check that PostgreSQL is running and that DATABASE_URL is right`,
    );
  });

  it('a SQLite folder that cannot be made says so, naming the file', async () => {
    const notAFolder = path.join(tempDir(), 'file');
    await import('node:fs').then(({ writeFileSync }) => writeFileSync(notAFolder, ''));
    const output = await failedStart({ DATA_DIR: notAFolder });
    expect(output).toMatch(
      new RegExp(
        `^Sahifa cannot start: cannot connect to the database, the SQLite file ${notAFolder}/sahifa\\.sqlite: .+; check DATA_DIR$`,
      ),
    );
  });

  it('never shows the database password', () => {
    expect(describeDatabase({ dialect: 'postgres', url: 'postgres://owner:p%40ss@db.example:6432/sahifa' })).toBe(
      'PostgreSQL owner@db.example:6432/sahifa',
    );
    expect(describeDatabase({ dialect: 'sqlite', file: '/srv/data/sahifa.sqlite' })).toBe(
      'the SQLite file /srv/data/sahifa.sqlite',
    );
  });
});
