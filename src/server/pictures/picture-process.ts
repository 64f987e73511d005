import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../shared/locales.js';
import type { MediaWidth } from '../../shared/media.js';
import type { SiteContent } from '../../shared/schemas/content.js';
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

/** What passes between the server and the picture process. */
export interface PictureTaskMessage {
  id: number;
  task: PictureTaskOnWire;
}
export type PictureProcessMessage = { id: number; reply: unknown } | { id: number; done: true; error?: string };

const here = fileURLToPath(import.meta.url);
// From the build, the compiled child; from the sources (tests, benches), the TypeScript one.
const fromSource = here.endsWith('.ts');
const CHILD = path.join(path.dirname(here), `picture-encoder.${fromSource ? 'ts' : 'js'}`);

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
 * A child process that runs picture tasks one at a time, started on the first and ended when idle.
 * sharp and libvips live only there: glibc keeps what a 12-megapixel decode or an AVIF encode once
 * took long after it is freed, so in the server it would stay for good; a child gives it all back
 * when it exits.
 */
class PictureProcess {
  #child: ChildProcess | undefined;
  #idle: NodeJS.Timeout | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  #lastId = 0;

  /**
   * Runs a task after the tasks before it; `onReply` hears each reply as it comes; answers them all.
   * The task is made when its turn comes, so queued batches do not hold their pictures' bytes.
   */
  run<Reply>(makeTask: () => PictureTask | Promise<PictureTask>, onReply?: (reply: Reply) => void): Promise<Reply[]> {
    const next = async () => this.#runNow(await makeTask(), onReply);
    const turn = this.#turn.then(next, next);
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  #start(): ChildProcess {
    started += 1;
    const child = fork(CHILD, [], {
      serialization: 'advanced',
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const forget = () => {
      if (this.#child === child) this.#child = undefined;
    };
    child.once('exit', forget);
    child.once('error', forget);
    // Only a task under way keeps the server's event loop alive (its channel is referenced then).
    child.unref();
    this.#child = child;
    return child;
  }

  async #runNow<Reply>(task: PictureTask, onReply?: (reply: Reply) => void): Promise<Reply[]> {
    clearTimeout(this.#idle);
    const id = ++this.#lastId;
    const { wire, folder } = await onWire(task);
    try {
      return await this.#send(wire, id, onReply);
    } finally {
      await rm(folder, { recursive: true, force: true });
      unsentFolders.delete(folder);
      if (unsentFolders.size === 0) process.off('exit', removeUnsentFolders);
    }
  }

  #send<Reply>(task: PictureTaskOnWire, id: number, onReply?: (reply: Reply) => void): Promise<Reply[]> {
    const child = this.#child ?? this.#start();
    child.channel?.ref();
    return new Promise<Reply[]>((resolve, reject) => {
      const replies: Reply[] = [];
      const finish = () => {
        child.off('message', onMessage);
        child.off('exit', onStop);
        child.off('error', onStop);
        child.channel?.unref();
        this.#idleLater(child);
      };
      const onMessage = (message: PictureProcessMessage) => {
        if (message.id !== id) return;
        if ('done' in message) {
          finish();
          if (message.error === undefined) resolve(replies);
          else reject(new Error(message.error));
          return;
        }
        replies.push(message.reply as Reply);
        onReply?.(message.reply as Reply);
      };
      const onStop = () => {
        finish();
        reject(new Error('the picture process stopped before it finished'));
      };
      child.on('message', onMessage);
      child.once('exit', onStop);
      child.once('error', onStop);
      child.send({ id, task } satisfies PictureTaskMessage, (error) => {
        if (error) onStop();
      });
    });
  }

  #idleLater(child: ChildProcess): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#child !== child) return;
      this.#child = undefined;
      // Without its channel the child has nothing left to do and exits.
      if (child.connected) child.disconnect();
    }, IDLE_MS);
    this.#idle.unref();
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
