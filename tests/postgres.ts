// A fresh PostgreSQL database per test file, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  url: string;
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;
  drop: () => Promise<void>;
}

export async function createFreshDatabase(prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`These tests need PostgreSQL at ${POSTGRES_URL} (TEST_DATABASE_URL): ${String(error)}`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    query: async (text, values) => (await client.query(text, values)).rows,
    drop: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
