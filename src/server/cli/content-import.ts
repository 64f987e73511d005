// `npm run content:import -- DIR`: publishes a content folder as a new version. A running site serves
// it within about a second; the version before stays in the history.
import path from 'node:path';
import { importContentPictures } from '../content/import-content-pictures.js';
import { publishEntryFiles } from '../content/import-entry-files.js';
import { ContentError } from '../content/load-content.js';
import { loadContentFolder } from '../content/load-entries.js';
import { publishContentVersion } from '../repositories/content-repository.js';
import { OwnerCommandError, runOwnerCommand } from './owner-command.js';

await runOwnerCommand(
  {
    name: 'content:import',
    usage: `Usage: npm run content:import -- DIR [--note TEXT]

Checks the content folder DIR (the five YAML files, images/, and the entries under notes/ and
projects/) as start-up checks CONTENT_DIR, and publishes it as a new version, with each entry whose
files differ from its latest version (a new slug is a new entry; an entry DIR lacks is left as it
is). The site serves it within about a second, without a restart.

  --note TEXT   a note kept with the version
  --help        this text`,
    options: {
      note: { type: 'string' },
    },
    arguments: ['DIR'],
  },
  async ({ values, positionals: [source = ''], openDatabase }) => {
    const dir = path.resolve(source);
    let read: ReturnType<typeof loadContentFolder>;
    try {
      read = loadContentFolder(dir);
    } catch (error) {
      if (error instanceof ContentError) throw new OwnerCommandError(`nothing was published: ${error.message}`);
      throw error;
    }
    const db = await openDatabase();
    // Its pictures first, checked as uploads are: the version is published only when all of them are in.
    const note = values.note ?? `imported from ${dir}`;
    const { content, entries } = read;
    let entryImport: Awaited<ReturnType<typeof publishEntryFiles>>;
    try {
      await importContentPictures(db, dir, content);
      // The entries' pictures are checked before any entry is published, as the sections' are.
      entryImport = await publishEntryFiles(db, dir, entries, { compareWith: 'latest', takeDown: false, note });
    } catch (error) {
      if (error instanceof ContentError) throw new OwnerCommandError(`nothing was published: ${error.message}`);
      throw error;
    }
    // No folder hash: this is not CONTENT_DIR, whose own hash decides whether start-up imports it.
    const version = await publishContentVersion(db, content, { source: 'files', note });
    console.info(`Published ${dir} as version ${version.number}`);
    const unchanged = entries.entries.length - entryImport.published.length - entryImport.skipped.length;
    if (entries.entries.length > 0) {
      console.info(
        `Entries: ${entryImport.published.length} published (${entryImport.published.filter((entry) => entry.created).length} new), ${unchanged} unchanged`,
      );
    }
    for (const { collection, slug, version: number } of entryImport.published) {
      console.info(`  ${collection}/${slug}: entry version ${number}`);
    }
    for (const skipped of entryImport.skipped) console.warn(`  ${skipped}`);
  },
);
