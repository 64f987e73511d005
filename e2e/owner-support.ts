import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Cookie, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { type BuiltSite, startBuiltSite } from '../scripts/built-site.js';
import { expect, test } from './fixtures.js';
import { E2E_DATA_DIR } from './support.js';

type OwnerTexts = typeof import('../src/web/i18n/owner-locales/english.json');

/** The owner area's own translation files: tests expect exactly what the owner is shown. */
export const ownerTexts = Object.fromEntries(
  ['lotin', 'russian', 'english'].map((locale) => [
    locale,
    JSON.parse(readFileSync(`src/web/i18n/owner-locales/${locale}.json`, 'utf8')) as OwnerTexts,
  ]),
) as Record<'lotin' | 'russian' | 'english', OwnerTexts>;

export const OWNER_PASSWORD = 'a long owner passphrase';

/**
 * The budget of a `beforeAll` that starts a site of its own: a fresh built site starts in about 5 s
 * on an idle two-core machine, and has been seen to take more than 15 s while the other workers'
 * browsers load the cores (the default 30 s also covers the hook's other work).
 */
const SITE_START_MS = 90_000;

/**
 * A site started afresh on its own port and data folder, with no owner password (each worker's shared
 * server has one, set by other tests), and the set-up link it printed at start-up. For a `beforeAll`.
 */
export async function startFirstRunSite(
  env: Record<string, string> = {},
): Promise<{ site: BuiltSite; setupLink: string }> {
  test.setTimeout(SITE_START_MS);
  const site = await startBuiltSite({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env });
  const link = () => /Set up the owner's password: (\S+?)"/.exec(site.output())?.[1];
  await expect.poll(link, { message: 'the set-up link printed at start-up', timeout: 30_000 }).toBeDefined();
  return { site, setupLink: link() ?? '' };
}

/**
 * A site of a spec's own (its own environment: no e-mail, a Telegram stand-in) with the owner's
 * password set as the owner does, `npm run owner:password`, on its data folder. For a `beforeAll`.
 */
export async function startOwnedSite(env: Record<string, string>): Promise<BuiltSite> {
  test.setTimeout(SITE_START_MS);
  const site = await startBuiltSite({ LOG_LEVEL: 'warn', ...env });
  const password = spawnSync(process.execPath, ['dist/node/server/cli/owner-password.js'], {
    input: `${OWNER_PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: site.dataDir },
    encoding: 'utf8',
  });
  expect(password.status, password.stderr).toBe(0);
  return site;
}

/** Sets the password the way the owner does: `npm run owner:password`, on the test server's data. */
export function setOwnerPassword(password = OWNER_PASSWORD): void {
  forgetStoredSession();
  const result = spawnSync(process.execPath, ['dist/node/server/cli/owner-password.js'], {
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

function openDatabase(readonly: boolean) {
  return new Database(path.join(E2E_DATA_DIR, 'sahifa.sqlite'), { readonly, fileMustExist: true });
}

export function ownerPasswordIsSet(): boolean {
  const db = openDatabase(true);
  try {
    return db.prepare('SELECT 1 FROM owner_credentials').get() !== undefined;
  } finally {
    db.close();
  }
}

/**
 * Takes the password and the sessions away again, as the server started: owner.spec.ts begins by
 * looking at the owner area before any password is set, whichever file ran first.
 */
export function forgetOwnerPassword(): void {
  forgetStoredSession();
  const db = openDatabase(false);
  try {
    db.exec('DELETE FROM owner_sessions; DELETE FROM owner_credentials;');
  } finally {
    db.close();
  }
}

/**
 * For a describe block whose tests sign the owner in: sets the password before them unless a file
 * before it did, and takes it away after them if it was set here (owner.spec.ts starts from none).
 */
export function useOwnerPassword(): void {
  let setHere = false;
  test.beforeAll(() => {
    if (!ownerPasswordIsSet()) {
      setOwnerPassword();
      setHere = true;
    }
  });
  test.afterAll(() => {
    if (setHere) forgetOwnerPassword();
  });
}

/** Makes every session's last proof of who is signed in an hour old, as if the owner signed in long ago. */
export function ageOwnerAuthentication(): void {
  forgetStoredSession();
  const db = openDatabase(false);
  try {
    db.prepare('UPDATE owner_sessions SET authenticated_at = ?').run(new Date(Date.now() - 3_600_000).toISOString());
  } finally {
    db.close();
  }
}

/**
 * The session of this worker's last sign-in through the form, with when it began. Most tests need the
 * owner signed in, not the sign-in itself: they reuse it instead of paying the full password cost
 * (scrypt, about 0.45 s of a core) and a page of form each time. A session is reused for five
 * minutes at most, well inside the ten after which sensitive changes ask for the password again.
 */
let stored: { cookies: Cookie[]; at: number } | undefined;
const STORED_SESSION_MS = 5 * 60_000;

/** Forgets the stored session: the next sign-in goes through the form. */
function forgetStoredSession(): void {
  stored = undefined;
}

/**
 * Signs in, in the language the owner area shows (Uzbek unless `?lang=` says otherwise): with this
 * worker's stored session when it is still good, else through the form (always with `form: true`,
 * for tests of signing in itself or that need a session of their own).
 */
export async function signIn(
  page: Page,
  locale: keyof typeof ownerTexts = 'lotin',
  { form = false }: { form?: boolean } = {},
): Promise<void> {
  const texts = ownerTexts[locale];
  const inbox = page.getByRole('heading', { level: 1, name: new RegExp(`^${texts.nav.inbox}`) });
  const password = page.getByLabel(texts.sign_in.password, { exact: true });
  const url = locale === 'lotin' ? '/owner' : `/owner?lang=${locale}`;
  if (!form && stored && Date.now() - stored.at < STORED_SESSION_MS) {
    await page.context().addCookies(stored.cookies);
    await page.goto(url);
    // A test before may have ended the session (signed out, changed the password): then the form.
    await expect(inbox.or(password)).toBeVisible();
    if (await inbox.isVisible()) return;
  } else {
    await page.goto(url);
  }
  const at = Date.now();
  await password.fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: texts.sign_in.submit }).click();
  await expect(inbox).toBeVisible();
  if (!form) stored = { cookies: await page.context().cookies(), at };
}
