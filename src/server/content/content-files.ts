import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { stringify } from 'yaml';
import { contentFiles, type SiteContent } from '../../shared/schemas/content.js';

/** A version as the YAML files `loadContent` reads: each section's file name and text. */
export function contentYamlFiles(content: SiteContent): { file: string; text: string }[] {
  return Object.entries(contentFiles).map(([name, { file }]) => ({
    file,
    text: stringify(content[name as keyof SiteContent]),
  }));
}

/**
 * Waits until `stream` wants more or is closed; the wait that lost takes its listeners away, so
 * waiting once per picture adds none.
 */
async function drainedOrClosed(stream: PassThrough): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: done.signal }),
      once(stream, 'close', { signal: done.signal }),
    ]);
  } finally {
    done.abort();
  }
}

/**
 * A version as a zip of its content folder: the YAML files, the `files` beside them (the entries'
 * Markdown, `latestEntryFiles`) and, under `images/`, the `pictures` they name that `readPicture`
 * finds; the others are left out and named in `missing` once the stream ends. Streamed, one picture read at a time and only as fast as it is downloaded;
 * every entry carries `modified` (the version's time), so the same version always gives the same
 * bytes.
 */
export function contentZip(
  content: SiteContent,
  {
    files = [],
    pictures,
    readPicture,
    modified,
  }: {
    files?: readonly { file: string; text: string }[];
    pictures: readonly string[];
    /** A picture's bytes by its path under `images/`, or undefined when it is not kept. */
    readPicture: (picture: string) => Promise<Uint8Array | undefined>;
    modified: Date;
  },
): { stream: Readable; missing: string[] } {
  const stream = new PassThrough();
  const missing: string[] = [];
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      stream.destroy(error);
      return;
    }
    stream.write(chunk);
    if (final) stream.end();
  });
  const add = (entry: ZipDeflate | ZipPassThrough, bytes: Uint8Array) => {
    entry.mtime = modified;
    zip.add(entry);
    entry.push(bytes, true);
  };
  for (const { file, text } of [...contentYamlFiles(content), ...files]) {
    add(new ZipDeflate(file, { level: 6 }), new TextEncoder().encode(text));
  }
  (async () => {
    for (const picture of pictures) {
      const bytes = await readPicture(picture);
      if (stream.destroyed) return;
      if (bytes === undefined) {
        missing.push(picture);
        continue;
      }
      // Pictures are compressed already: stored as they are.
      add(new ZipPassThrough(`images/${picture}`), bytes);
      // A slow download holds the next picture back instead of the whole zip piling up in memory.
      if (stream.writableNeedDrain) await drainedOrClosed(stream);
    }
    zip.end();
  })().catch((error: unknown) => {
    zip.terminate();
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { stream, missing };
}
