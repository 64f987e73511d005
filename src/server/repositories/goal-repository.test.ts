import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { goalsBetween, maintainGoals, recordGoal } from './goal-repository.js';

describe(`goals' daily roll-up on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => database.drop());

  const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

  async function seed() {
    const db = database.db;
    // Two days: one visitor clicks GitHub on both, another the shop; a CV download; a message.
    await recordGoal(
      db,
      { goal: 'outbound', visitorId: 'v1', visitId: 'a', locale: 'english', page: '/', target: 'https://github.com/x' },
      at('2025-01-10'),
    );
    await recordGoal(
      db,
      {
        goal: 'outbound',
        visitorId: 'v1',
        visitId: 'b',
        locale: 'english',
        page: '/about',
        target: 'https://github.com/x',
      },
      at('2025-01-11'),
    );
    await recordGoal(
      db,
      {
        goal: 'outbound',
        visitorId: 'v2',
        visitId: 'c',
        locale: 'russian',
        page: '/',
        target: 'https://shop.example/',
      },
      at('2025-01-11'),
    );
    await recordGoal(db, { goal: 'cv', locale: 'lotin', page: '/about', target: 'pdf' }, at('2025-01-11'));
    await recordGoal(
      db,
      { goal: 'message', visitorId: 'v2', visitId: 'c', locale: 'russian', page: '/contact' },
      at('2025-01-11', 12),
    );
  }

  it('answers the same figures from the roll-ups as from the raw rows, and keeps them once the raw rows are gone', async () => {
    await seed();
    const raw = await goalsBetween(database.db, '2025-01-10', '2025-01-11');
    const outbound = raw.find((goal) => goal.goal === 'outbound');
    // Exact over raw rows: v1 on two days is one visitor.
    expect(outbound).toMatchObject({ completions: 3, visitors: 2 });
    expect(outbound?.targets).toEqual([
      { value: 'https://github.com/x', completions: 2 },
      { value: 'https://shop.example/', completions: 1 },
    ]);
    expect(raw.map((goal) => goal.goal)).toEqual(['cv', 'message', 'outbound']);
    expect(raw.find((goal) => goal.goal === 'cv')).toMatchObject({
      completions: 1,
      visitors: 1,
      languages: [{ value: 'lotin', completions: 1 }],
      pages: [{ value: '/about', completions: 1 }],
      targets: [{ value: 'pdf', completions: 1 }],
    });

    // Years later: rolled up and the raw rows deleted after 13 months.
    const result = await maintainGoals(database.db, { retentionMonths: 13, now: at('2026-06-01') });
    expect(result).toEqual({ rolledUpGoalDays: 2, deletedGoals: 5 });
    expect(await database.db.selectFrom('goal_completions').selectAll().execute()).toEqual([]);
    // Idempotent: a second run (another process) changes nothing.
    expect(await maintainGoals(database.db, { retentionMonths: 13, now: at('2026-06-01') })).toEqual({
      rolledUpGoalDays: 0,
      deletedGoals: 0,
    });
    const rolled = await goalsBetween(database.db, '2025-01-10', '2025-01-11');
    // Everything but the visitors over several days, which become the sum of each day's (v1 twice).
    expect(rolled).toEqual(raw.map((goal) => (goal.goal === 'outbound' ? { ...goal, visitors: 3 } : goal)));
    expect(
      (await goalsBetween(database.db, '2025-01-11', '2025-01-11')).find((goal) => goal.goal === 'message'),
    ).toMatchObject({
      completions: 1,
      visitors: 1,
      pages: [{ value: '/contact', completions: 1 }],
    });
  });

  it('reads rolled-up days and later raw rows together, and leaves an unfinished day raw', async () => {
    await seed();
    // The 10th is finished; the 11th is today.
    expect(await maintainGoals(database.db, { retentionMonths: 13, now: at('2025-01-11', 12) })).toEqual({
      rolledUpGoalDays: 1,
      deletedGoals: 0,
    });
    const both = await goalsBetween(database.db, '2025-01-01', '2025-01-31');
    expect(both.find((goal) => goal.goal === 'outbound')).toMatchObject({
      completions: 3,
      // The 10th's v1 (rolled up) and the 11th's v1 and v2 (raw).
      visitors: 3,
      pages: [
        { value: '/', completions: 2 },
        { value: '/about', completions: 1 },
      ],
    });
  });

  it('counts an outbound link once per visit', async () => {
    const facts = {
      goal: 'outbound' as const,
      visitorId: 'v1',
      visitId: 'a',
      page: '/',
      target: 'https://github.com/x',
    };
    expect(await recordGoal(database.db, facts)).toBe(true);
    expect(await recordGoal(database.db, facts)).toBe(false);
    expect(await recordGoal(database.db, { ...facts, visitId: 'b' })).toBe(true);
    // Completions without a visit (CV downloads) never collide.
    const cv = { goal: 'cv' as const, target: 'pdf' };
    expect(await recordGoal(database.db, cv)).toBe(true);
    expect(await recordGoal(database.db, cv)).toBe(true);
  });
});
