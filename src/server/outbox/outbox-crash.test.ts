import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.js';
import { writeContentDir } from '../test/sample-content.js';
import { listeningPort, startServer, waitFor } from '../test/server-process.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';

// The real server process, killed without warning while SMTP is down: the notification survives in
// the outbox table and is delivered exactly once after the restart. SQLite only: the scale-out test
// covers several processes on PostgreSQL.
describe('a notification survives SIGKILL while SMTP is down', () => {
  let smtp: TestSmtp;
  let dir: string;
  let db: Db;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-crash-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await db?.destroy();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // Two server processes started from source: about 10 s on a busy two-core machine; room to spare.
  it('is delivered after the restart, exactly once', async () => {
    await smtp.stop();
    const env = {
      CONTENT_DIR: writeContentDir(path.join(dir, 'content')),
      DATA_DIR: path.join(dir, 'data'),
      WEB_ROOT: path.join(dir, 'web'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@example.uz',
      MAIL_TO: 'owner@example.uz',
      OUTBOX_RETRY_SECONDS: '1',
    };
    const first = startServer(env);
    children.push(first.child);
    const port = await listeningPort(first.output);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Jasur', email: 'jasur@example.uz', message: 'Salom! Ish taklifi bor.' }),
    });
    expect(response.status).toBe(201);

    db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'data', 'sahifa.sqlite') });
    const job = () => db.selectFrom('notification_jobs').selectAll().executeTakeFirst();
    await waitFor(async () => Boolean((await job())?.last_error));
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(smtp.messages).toHaveLength(0);

    await smtp.start();
    const second = startServer(env);
    children.push(second.child);
    await listeningPort(second.output);
    await waitFor(() => smtp.messages.length > 0);
    // Give a duplicate every chance to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('Ish taklifi bor.');
    expect(await job()).toMatchObject({ status: 'sent' });
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  }, 60_000);
});
