import type { Migration } from 'kysely';
import * as initial from './2026-11-21T0000-initial.js';

/** Every migration, by name; names sort by date, so Kysely applies them in that order. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-initial': initial,
};
