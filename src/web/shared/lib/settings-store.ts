import { openDB } from 'idb';

/**
 * The browser's settings, spec §3 and §9: IndexedDB database `app-settings`, version 1, object store
 * `settings-store`, holding `locale` and `visitorKey`.
 */
const SETTINGS_DATABASE = 'app-settings';
const SETTINGS_VERSION = 1;
const SETTINGS_STORE = 'settings-store';

export type SettingKey = 'locale' | 'visitorKey';

let database: ReturnType<typeof openDB> | undefined;

function open() {
  database ??= openDB(SETTINGS_DATABASE, SETTINGS_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(SETTINGS_STORE)) db.createObjectStore(SETTINGS_STORE);
    },
  });
  return database;
}

export async function readSetting(key: SettingKey): Promise<unknown> {
  return (await open()).get(SETTINGS_STORE, key);
}

export async function writeSetting(key: SettingKey, value: string): Promise<void> {
  await (await open()).put(SETTINGS_STORE, value, key);
}
