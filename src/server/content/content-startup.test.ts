import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.js';
import { listContentVersions, publishContentVersion } from '../repositories/content-repository.js';
import { sampleContent, writeContentDir } from '../test/sample-content.js';
import { listeningPort, serverProcesses } from '../test/server-process.js';

describe('the content at start-up', () => {
  const servers = serverProcesses('sahifa-content-start-');

  async function start(env: Record<string, string>): Promise<{ child: ChildProcess; footer: () => Promise<string> }> {
    const { child, output } = servers.start(env);
    const port = await listeningPort(output);
    const footer = async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/pages/footer`);
      return ((await answer.json()) as { data: { description: { english: string } } }).data.description.english;
    };
    return { child, footer };
  }

  it('imports the folder once, then serves the latest version, published elsewhere or not', async () => {
    const dir = servers.tempDir();
    const dataDir = path.join(dir, 'data');
    const content = sampleContent();
    content.footer.description.english = '<p>From the files</p>';
    const env = { CONTENT_DIR: writeContentDir(path.join(dir, 'content'), content), DATA_DIR: dataDir, WEB_ROOT: dir };

    const first = await start(env);
    expect(await first.footer()).toBe('<p>From the files</p>');
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');

    // The owner publishes an edit (as the studio will) while the site is stopped.
    const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    const edited = sampleContent();
    edited.footer.description.english = '<p>Edited</p>';
    await publishContentVersion(db, edited, { source: 'editor' });
    await db.destroy();

    const second = await start(env);
    expect(await second.footer()).toBe('<p>Edited</p>');
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');

    const check = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    expect((await listContentVersions(check)).map((version) => [version.number, version.source])).toEqual([
      [2, 'editor'],
      [1, 'files'],
    ]);
    await check.destroy();
  }, 60_000);
});
