// The CV process (cv-render-process.ts starts it and lets it go when idle): every CV's PDF is made
// here, one at a time, so react-pdf's layout (0.3–1 s of CPU a document) never holds the server's
// event loop, and what react-pdf, its fonts and its caches take (about 50 MiB) is given back on exit.
import { setPriority } from 'node:os';
import { serveTasks } from '../lib/task-process.js';
import type { CvRenderReply, CvRenderTask } from './cv-render-process.js';
import { renderCvPdf } from './render-cv-pdf.js';

// Background work: where the server and this process share a core, the server's requests come first
// (measured on one core: a page's first render after a publish, 230–415 ms beside a CV, 96–119 ms).
try {
  setPriority(10);
} catch {
  // A system-call filter may refuse it; the CV is made all the same, at the server's priority.
}

serveTasks<CvRenderTask>(async ({ cv, paper }, reply) => {
  await reply({ started: process.pid } satisfies CvRenderReply);
  await reply({ pdf: await renderCvPdf(cv, paper) } satisfies CvRenderReply);
});
