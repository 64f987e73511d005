import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startBuiltSite } from '../scripts/built-site.js';
import { OWNER_PASSWORD } from './support/owner.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built site, on a free port with a fresh DATA_DIR. */
    siteUrl: string;
  }
}

/** The built site the journeys visit, as scripts/e2e-server.mjs runs it for the Playwright suite. */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/node/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('The site is not built: run `npm run build` first.');
  }
  const site = await startBuiltSite({
    LOG_LEVEL: 'warn',
    // Every journey is a new visitor from 127.0.0.1; the limits themselves are covered by API tests.
    CONTACT_RATE_LIMIT: '1000',
    VISITOR_RATE_LIMIT: '100000',
    // E-mail points at a port where nothing answers: notifications wait in the outbox.
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'site@example.uz',
    MAIL_TO: 'owner@example.uz',
  });
  // The owner sets the password as they would: `npm run owner:password`, on this site's data.
  const password = spawnSync(process.execPath, ['dist/node/server/cli/owner-password.js'], {
    input: `${OWNER_PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: site.dataDir },
    encoding: 'utf8',
  });
  if (password.status !== 0) {
    site.stop();
    throw new Error(`owner:password failed: ${password.stderr}`);
  }
  project.provide('siteUrl', site.url);
  return () => site.stop();
}
