import type { AddressInfo } from 'node:net';
import { OWNER_PATHS } from '../shared/paths.js';
import { buildApp } from './app.js';
import { loadPublishedEntries } from './collections/entries-state.js';
import { ConfigError, configuredChannels, loadConfig } from './config.js';
import { contentFolderHash } from './content/content-folder-hash.js';
import { ContentState } from './content/content-state.js';
import { publishFilesIfChanged } from './content/import-content-files.js';
import { importContentPictures } from './content/import-content-pictures.js';
import { publishEntryFiles } from './content/import-entry-files.js';
import { ContentError } from './content/load-content.js';
import { loadContentFolder } from './content/load-entries.js';
import { MigrationError, migrateToLatest } from './db/database.js';
import { serverLogging } from './log-format.js';
import { replaceOwnerSetupToken } from './repositories/owner-setup-repository.js';
import { createSecretBox, loadSecretKey, SecretKeyFileError } from './security/secret-box.js';
import { connectDatabase, explainListenError, StartupError } from './startup-errors.js';

/** How long after the first Ctrl+C a third one stops the server without waiting for requests in flight. */
const FORCE_GRACE_MS = 2_000;

/** Starts the site: configuration, content, database, then the server; stops gracefully on a signal. */
async function main(): Promise<void> {
  // React (loaded with the page renderer, below) picks its development build unless told otherwise:
  // slower rendering and several MiB more memory. `NODE_ENV=development` still chooses it.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig(process.env);
  const { content, entries } = loadContentFolder(config.contentDir);
  const db = await connectDatabase(config.database);
  let secretBox: ReturnType<typeof createSecretBox>;
  try {
    await migrateToLatest(db);
    // After the database: connecting names a DATA_DIR that cannot be made as the owner can fix it.
    secretBox = createSecretBox(loadSecretKey(config.secretKey));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // The folder becomes a version when it changed since its last import (the first start: version 1);
  // the site serves the latest version, which may since have been published from the browser.
  // Its pictures go into the database first (same checks as an upload), so every machine serves them.
  await importContentPictures(db, config.contentDir, content);
  // The collections' entries (issue 27) each whose files changed since their last import: a version of its own.
  const entryImport = await publishEntryFiles(db, config.contentDir, entries, { compareWith: 'files', takeDown: true });
  const { version, imported } = await publishFilesIfChanged(db, content, contentFolderHash(config.contentDir));

  const app = await buildApp({
    config,
    db,
    content: new ContentState(version.content, version.number, await loadPublishedEntries(db)),
    secretBox,
    scheduledBackups: true,
    ...serverLogging({ level: config.logLevel, format: config.logFormat }, process.stdout),
  });
  app.log.info(
    imported
      ? `the content folder was published as version ${version.number}`
      : `serving content version ${version.number} (the content folder has not changed since it was imported)`,
  );
  for (const { collection, slug, version: number } of entryImport.published) {
    app.log.info(`the content folder's ${collection}/${slug} was published as entry version ${number}`);
  }
  for (const { collection, slug } of entryImport.takenDown) {
    app.log.info(`${collection}/${slug} was taken down (a draft again): its folder was removed`);
  }
  for (const skipped of entryImport.skipped) app.log.warn(skipped);
  app.addHook('onClose', async () => {
    // Deliveries and background jobs under way finish (or fail and wait for their next turn) before
    // the database closes.
    await Promise.all([app.outbox.stop(), app.jobs.stop()]);
    await db.destroy();
  });

  let closing = false;
  // Answers sent while closing tell clients to drop the connection, so keep-alive sockets do not
  // hold the shutdown open until they time out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // `npm run serve` and `npm start` pass a signal on to the server, and a signal sent to the whole
  // process group (Ctrl+C, `docker stop`, a supervisor) reaches the server directly as well: each
  // arrives twice or more, within moments. A repeated signal must not abort the shutdown (the default
  // action would reset every request in flight). Only a deliberate later Ctrl+C stops at once: a
  // SIGINT at least FORCE_GRACE_MS after the first, whether or not npm passed the first one on (a
  // count of copies missed the second Ctrl+C once npm's copy did not come).
  let firstSigint = Number.POSITIVE_INFINITY;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal === 'SIGINT') firstSigint = Math.min(firstSigint, Date.now());
    if (closing) {
      if (signal === 'SIGINT' && Date.now() - firstSigint >= FORCE_GRACE_MS) {
        app.log.warn('Ctrl+C again: stopping at once, without finishing the requests in flight');
        process.exit(130);
      }
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests in flight finish; new ones get 503 while closing. A stuck close ends after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);

  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw explainListenError(error, config);
  });
  app.outbox.start();
  const channels = configuredChannels(config.notifications);
  app.log.info(
    channels.length > 0
      ? `new messages are announced by ${channels.join(' and ')}`
      : 'no notification channel is configured: messages wait in the owner area at /owner',
  );
  if (!app.siteAddress.configured) {
    app.log.warn(
      `The site's address is not set: canonical links, the sitemap and link previews point to ${config.siteOrigin}; ` +
        "confirm it in the owner area's Settings, or set PUBLIC_URL (https://your-site.example)",
    );
  }
  if (config.database.dialect === 'postgres' && !config.secretKey.fromEnvironment) {
    app.log.warn(
      `SECRET_KEY is not set: passwords typed in Settings are sealed with ${config.secretKey.file}, on this machine only; ` +
        'with several machines give each the same SECRET_KEY',
    );
  }
  // Until the owner has a password, the last line is a single-use link to set it in the browser
  // (docs/decisions/031); each start replaces the link, so with several processes the last start's works.
  const setupToken = await replaceOwnerSetupToken(db);
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(
    `Sahifa is ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${where})`,
  );
  if (setupToken) {
    const { port } = app.server.address() as AddressInfo;
    const origin =
      app.siteAddress.configured ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    app.log.warn(`Set up the owner's password: ${new URL(`${OWNER_PATHS.setup}#token=${setupToken}`, origin).href}`);
  }
}

main().catch((error: unknown) => {
  // Expected start-up problems are one clear line; anything else keeps its stack.
  if (
    error instanceof ConfigError ||
    error instanceof ContentError ||
    error instanceof MigrationError ||
    error instanceof StartupError ||
    error instanceof SecretKeyFileError
  ) {
    console.error(`Sahifa cannot start: ${error.message}`);
  } else {
    console.error('Sahifa cannot start:', error);
  }
  process.exit(1);
});
