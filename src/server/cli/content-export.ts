// `npm run content:export -- DIR [--version N]`: a published version as a content folder (YAML files,
// the collections' entries and pictures), the same shape CONTENT_DIR has, to keep in git, edit, or
// import elsewhere.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentYamlFiles } from '../content/content-files.js';
import { latestEntryFiles } from '../content/entry-export.js';
import { picturesOf } from '../pictures/content-pictures.js';
import { contentVersionByNumber, latestContentVersion } from '../repositories/content-repository.js';
import { pictureByPath } from '../repositories/picture-repository.js';
import { OwnerCommandError, OwnerCommandUsageError, runOwnerCommand } from './owner-command.js';

await runOwnerCommand(
  {
    name: 'content:export',
    usage: `Usage: npm run content:export -- DIR [--version N]

Writes the published content (or version N) into DIR, a new or empty folder: the five YAML files,
each entry's latest version as notes/<slug>/<language>.md and projects/<slug>/<language>.md (drafts
and scheduled ones too), and the pictures they name, as CONTENT_DIR holds them. npm run
content:import -- DIR publishes such a folder again.

  --version N   the version of the five sections to write (default: the one the site serves);
                entries are always written as their latest version
  --help        this text`,
    options: {
      version: { type: 'string' },
    },
    arguments: ['DIR'],
  },
  async ({ values, positionals: [target = ''], openDatabase }) => {
    const wanted = values.version === undefined ? undefined : Number(values.version);
    if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1)) {
      throw new OwnerCommandUsageError('--version takes a version number (1 or more)');
    }
    const db = await openDatabase();
    const version = wanted === undefined ? await latestContentVersion(db) : await contentVersionByNumber(db, wanted);
    if (!version) {
      throw new OwnerCommandError(
        wanted === undefined ? 'no version is published yet: start the site once' : `there is no version ${wanted}`,
      );
    }
    const dir = path.resolve(target);
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new OwnerCommandError(`${dir} is not empty; choose a new or empty folder`);
    }
    // The YAML files as the folder export writes them, and each picture the version names with the
    // bytes it was uploaded or imported with, from the database.
    mkdirSync(path.join(dir, 'images'), { recursive: true });
    for (const { file, text } of contentYamlFiles(version.content)) writeFileSync(path.join(dir, file), text);
    // Each live entry's latest version, in the layout content:import reads back byte for byte.
    const { files, pictures: entryPictures, entries } = await latestEntryFiles(db);
    for (const { file, text } of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const pictures = new Set([...picturesOf(version.content), ...entryPictures]);
    const missing: string[] = [];
    for (const picturePath of pictures) {
      const picture = await pictureByPath(db, picturePath);
      if (!picture) {
        missing.push(picturePath);
        continue;
      }
      const file = path.join(dir, 'images', picturePath);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, picture.bytes);
    }
    console.info(
      `Wrote version ${version.number} (${version.source}, ${version.createdAt}) and ${entries} ${entries === 1 ? 'entry' : 'entries'} to ${dir}`,
    );
    for (const picture of missing) console.warn(`  the picture ${picture} is not in the database (deleted?)`);
  },
);
