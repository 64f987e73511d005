import { loadConfig } from '../config.js';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';

/** The site's own database, as configured for the server (DATA_DIR or DATABASE_URL). */
export async function openSiteDatabase(): Promise<Db> {
  const db = createDatabase(loadConfig(process.env).database);
  await migrateToLatest(db);
  return db;
}
