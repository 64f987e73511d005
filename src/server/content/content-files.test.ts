import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleContent } from '../test/sample-content.js';
import { contentYamlFiles, contentZip } from './content-files.js';

describe('contentZip', () => {
  it('reads the next picture only as fast as the zip is downloaded, and names the pictures it lacks', async () => {
    const pictures = Array.from({ length: 12 }, (_, index) => `portfolio/work-${index}.png`);
    const reads: string[] = [];
    const picture = (name: string) => new Uint8Array(1024 * 1024).fill(name.length + name.charCodeAt(name.length - 5));
    const { stream, missing } = contentZip(sampleContent(), {
      pictures: [...pictures, 'gone.svg'],
      readPicture: async (name) => {
        reads.push(name);
        return name === 'gone.svg' ? undefined : picture(name);
      },
      modified: new Date('2026-11-23T12:00:00Z'),
    });
    // Nobody downloads yet: the first picture fills the buffer and the rest wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads.length).toBeLessThanOrEqual(2);

    // Each wait for the reader leaves no listener behind (12 waits once added 11 and warned of a leak).
    let mostCloseListeners = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      mostCloseListeners = Math.max(mostCloseListeners, stream.listenerCount('close'));
    }
    expect(mostCloseListeners).toBeLessThanOrEqual(3);
    expect(reads).toHaveLength(13);
    expect(missing).toEqual(['gone.svg']);
    const entries = unzipSync(Buffer.concat(chunks));
    expect(Object.keys(entries)).toEqual([
      ...contentYamlFiles(sampleContent()).map(({ file }) => file),
      ...pictures.map((name) => `images/${name}`),
    ]);
    expect(entries['images/portfolio/work-3.png']).toEqual(picture('portfolio/work-3.png'));
  });
});
