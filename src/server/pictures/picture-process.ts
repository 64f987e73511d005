import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locale } from '../../shared/locales.js';
import type { MediaWidth } from '../../shared/media.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { TaskProcess } from '../lib/task-process.js';
import type { PreviewEntry } from './preview-image.js';

/** The formats a raster picture is served in at the widths of MEDIA_WIDTHS. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** A raster picture as served: at a width of MEDIA_WIDTHS in AVIF or WebP, or whole in its own format. */
export type VariantSpec = { width: MediaWidth; format: VariantFormat } | { width: 'original' };

/**
 * The work sharp (and jsdom) does, always in the picture process (picture-encoder.ts), never in the
 * server: a batch of variants of one picture, the decode check of an upload, the check of an SVG, a
 * shared-link preview picture.
 * `Source` is the picture's bytes as the server has them, and on the way to the process a file that
 * holds them (written without a copy, where a message would serialize the bytes again, twice).
 */
type Task<Source> =
  | { kind: 'variants'; source: Source; contentType: string; jobs: { spec: VariantSpec; target: string }[] }
  | { kind: 'inspect'; source: Source; maxPixels: number }
  | { kind: 'svg'; source: Source }
  | {
      kind: 'preview';
      content: SiteContent;
      locale: Locale;
      photo: { source: Source; contentType: string } | undefined;
      /** A note's or project's own card: its title over the owner's name, its cover as the picture. */
      entry?: PreviewEntry | undefined;
    };
export type PictureTask = Task<Uint8Array>;
/** A task as the picture process receives it: `source` is the path of a file to read. */
export type PictureTaskOnWire = Task<string>;

/** One variant written (or not, with why): a `variants` task answers one per job, as each is made. */
export interface EncodeResult {
  target: string;
  error?: string;
}

/** What the decode check found in a raster picture (`inspect`); `decoded` is false when it is corrupt. */
export interface InspectResult {
  readable: boolean;
  format?: string;
  compression?: string;
  width?: number;
  height?: number;
  decoded?: boolean;
}

/** What an SVG holds that it may not (picture-svg.ts), each named as it was written (`<script>`, `onload`). */
export interface SvgFindings {
  /** The SVG is no well-formed XML: a browser would show an error instead of it. */
  malformed?: string;
  /** The root is not `<svg xmlns="http://www.w3.org/2000/svg">`. */
  notSvg?: boolean;
  problems: string[];
  /** The root `<svg>`'s width, height and viewBox, for the picture's size. */
  size?: { width?: string; height?: string; viewBox?: string };
}

/**
 * How long an idle picture process is kept for the next task before it is let go: a burst (a folder
 * of pictures, the variants of several photos) shares one process and its start-up (about 0.3 s built,
 * 1 s from the sources), and a quiet server holds none.
 */
const IDLE_MS = 2000;

let started = 0;
/** How many picture processes this server has started: junk uploads must start none. */
export function pictureProcessesStarted(): number {
  return started;
}

// The folders of tasks under way, removed if the server stops first (the process removes each
// once it has read it, and the server after the task).
const unsentFolders = new Set<string>();
function removeUnsentFolders() {
  for (const folder of unsentFolders) rmSync(folder, { recursive: true, force: true });
}

/**
 * Writes a task's picture bytes to a file of its own folder (removed after the task) for the picture
 * process; answers the task to send and the folder.
 */
async function onWire(task: PictureTask): Promise<{ wire: PictureTaskOnWire; folder: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sahifa-picture-'));
  if (unsentFolders.size === 0) process.once('exit', removeUnsentFolders);
  unsentFolders.add(folder);
  const file = path.join(folder, 'source');
  const source = task.kind === 'preview' ? task.photo?.source : task.source;
  if (source) await writeFile(file, source, { mode: 0o600 });
  if (task.kind !== 'preview') return { wire: { ...task, source: file }, folder };
  return { wire: { ...task, photo: task.photo && { source: file, contentType: task.photo.contentType } }, folder };
}

/**
 * A child process that runs picture tasks one at a time, started on the first and ended when idle
 * (lib/task-process.ts). sharp and libvips live only there: glibc keeps what a 12-megapixel decode or
 * an AVIF encode once took long after it is freed, so in the server it would stay for good; a child
 * gives it all back when it exits. Each task's bytes go in a file of its own folder, removed after it.
 */
class PictureProcess {
  readonly #process = new TaskProcess<PictureTaskOnWire>(import.meta.url, {
    besides: 'picture-encoder',
    name: 'picture process',
    idleMs: IDLE_MS,
    onStart: () => {
      started += 1;
    },
  });

  run<Reply>(makeTask: () => PictureTask | Promise<PictureTask>, onReply?: (reply: Reply) => void): Promise<Reply[]> {
    return this.#process.run(async () => {
      const { wire, folder } = await onWire(await makeTask());
      return {
        task: wire,
        cleanUp: async () => {
          await rm(folder, { recursive: true, force: true });
          unsentFolders.delete(folder);
          if (unsentFolders.size === 0) process.off('exit', removeUnsentFolders);
        },
      };
    }, onReply);
  }
}

// Two processes at most: variants (slow, one batch at a time: the machine has two cores, and a
// 12-megapixel photo decoded twice at once costs more memory than the site's budget) and the quick
// tasks (an upload's check, a preview picture), which never wait behind an AVIF encode.
const encoder = new PictureProcess();
const checker = new PictureProcess();

/**
 * Makes a batch of variants in the encoder process when its turn comes (`makeTask` reads the
 * picture then); `onResult` hears of each variant as it is written.
 */
export function encodeInPictureProcess(
  makeTask: () => Promise<Extract<PictureTask, { kind: 'variants' }>>,
  onResult: (result: EncodeResult) => void,
): Promise<EncodeResult[]> {
  return encoder.run(makeTask, onResult);
}

/** Runs a quick task (a check, a preview picture) in the other picture process; answers its reply. */
export async function askPictureProcess<Reply>(task: Exclude<PictureTask, { kind: 'variants' }>): Promise<Reply> {
  const [reply] = await checker.run<Reply>(() => task);
  if (reply === undefined) throw new Error(`the picture process answered nothing to ${task.kind}`);
  return reply;
}
