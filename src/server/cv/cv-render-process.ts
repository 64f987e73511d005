import type { CvPaperSize } from '../../shared/cv.js';
import type { Locale } from '../../shared/locales.js';
import { TaskProcess } from '../lib/task-process.js';
import type { Cv } from './cv-content.js';

/** A CV's PDF to make: the CV as the server made it from the content, and the paper. */
export interface CvRenderTask {
  cv: Cv;
  paper: CvPaperSize;
}
/** What the CV process answers to a task: that it started (and where), then the PDF. */
export type CvRenderReply = { started: number } | { pdf: Uint8Array };

/** A PDF started or finished in the CV process (`pid`), for tests that check where and in what order. */
export interface CvRenderReport {
  phase: 'started' | 'finished';
  locale: Locale;
  paper: CvPaperSize;
  pid: number;
}

/**
 * How long an idle CV process is kept: the CVs made ahead after a publish and a burst of requests share
 * one process and its start-up (react-pdf, its layout engine and the fonts: about 0.6 s built); a
 * quiet server holds none, so no language's fonts or layout caches stay in memory between publishes.
 */
const IDLE_MS = 5000;
/** A PDF takes 0.3–1.5 s; one that takes longer than this never ends, and must not hold the others. */
const TIME_LIMIT_MS = 20_000;

/**
 * The CV process (cv-render-child.ts): every PDF is made there, one at a time, never on the server's
 * event loop (a CV takes 0.3–1 s of CPU), and react-pdf's memory leaves with the process.
 */
const renderer = new TaskProcess<CvRenderTask>(import.meta.url, {
  besides: 'cv-render-child',
  name: 'CV process',
  idleMs: IDLE_MS,
  timeLimitMs: TIME_LIMIT_MS,
});

const listeners = new Set<(report: CvRenderReport) => void>();
/** Hears of each PDF started and finished in the CV process; answers a function that stops it. */
export function onCvRender(listener: (report: CvRenderReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Makes one CV's PDF in the CV process, after the PDFs asked for before it (one at a time per server
 * process: each takes a core). Fails when the CV process fails or dies; the next call starts another.
 */
export async function renderCvPdfAside(cv: Cv, paper: CvPaperSize): Promise<Buffer> {
  let pid = 0;
  const replies = await renderer.run<CvRenderReply>(
    () => ({ task: { cv, paper } }),
    (reply) => {
      if (!('started' in reply)) return;
      pid = reply.started;
      for (const listener of listeners) listener({ phase: 'started', locale: cv.locale, paper, pid });
    },
  );
  const pdf = replies.find((reply) => 'pdf' in reply)?.pdf;
  if (!pdf) throw new Error('the CV process answered no PDF');
  for (const listener of listeners) listener({ phase: 'finished', locale: cv.locale, paper, pid });
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
