import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stepMigrations } from '../../test/step-migrations.js';
import { createDatabase } from '../database.js';

describe('the visit rollups migration (SQLite)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('marks the existing first visits and links every later visit to the day of the one before', async () => {
    const db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'site.sqlite') });
    const migrate = stepMigrations({ db });
    await migrate.to('2026-11-21T0000-initial');
    const created = '2026-11-01T08:00:00.000Z';
    const visit = { device: 'web', visited_on: '2026-11-01', visitor_id: 'v1', path: null, locale: null, theme: null };
    await db
      .insertInto('visitors')
      .values({ id: 'v1', token_hash: 'h', device: 'web', created_at: created, last_seen_at: created })
      .execute();
    await db
      .insertInto('visits')
      .values([
        { ...visit, id: 'first', visited_at: created, referrer_host: null },
        { ...visit, id: 'later', visited_at: '2026-11-01T09:00:00.000Z', referrer_host: null },
      ])
      .execute();
    await migrate.toLatest();
    const rows = await db
      .selectFrom('visits')
      .select(['id', 'first_visit', 'previous_visit_on'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'first', first_visit: 1, previous_visit_on: null },
      { id: 'later', first_visit: 0, previous_visit_on: '2026-11-01' },
    ]);
    await db.destroy();
  });
});
