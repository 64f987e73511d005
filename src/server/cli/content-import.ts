// `npm run content:import -- DIR`: publishes a content folder as a new version. A running site serves
// it within about a second; the version before stays in the history.
import path from 'node:path';
import { importContentPictures } from '../content/import-content-pictures.js';
import { ContentError, loadContent } from '../content/load-content.js';
import { publishContentVersion } from '../repositories/content-repository.js';
import { OwnerCommandError, runOwnerCommand } from './owner-command.js';

await runOwnerCommand(
  {
    name: 'content:import',
    usage: `Usage: npm run content:import -- DIR [--note TEXT]

Checks the content folder DIR (the five YAML files and images/) as start-up checks CONTENT_DIR, and
publishes it as a new version. The site serves it within about a second, without a restart.

  --note TEXT   a note kept with the version
  --help        this text`,
    options: {
      note: { type: 'string' },
    },
    arguments: ['DIR'],
  },
  async ({ values, positionals: [source = ''], openDatabase }) => {
    const dir = path.resolve(source);
    let content: ReturnType<typeof loadContent>;
    try {
      content = loadContent(dir);
    } catch (error) {
      if (error instanceof ContentError) throw new OwnerCommandError(`nothing was published: ${error.message}`);
      throw error;
    }
    const db = await openDatabase();
    // Its pictures first, checked as uploads are: the version is published only when all of them are in.
    try {
      await importContentPictures(db, dir, content);
    } catch (error) {
      if (error instanceof ContentError) throw new OwnerCommandError(`nothing was published: ${error.message}`);
      throw error;
    }
    // No folder hash: this is not CONTENT_DIR, whose own hash decides whether start-up imports it.
    const version = await publishContentVersion(db, content, {
      source: 'files',
      note: values.note ?? `imported from ${dir}`,
    });
    console.info(`Published ${dir} as version ${version.number}`);
  },
);
