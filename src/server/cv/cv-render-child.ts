// The CV process (cv-render-process.ts starts it and lets it go when idle): every CV's PDF is made
// here, one at a time, so react-pdf's layout (0.3–1 s of CPU a document) never holds the server's
// event loop, and what react-pdf, its fonts and its caches take (about 50 MiB) is given back on exit.
import { serveTasks } from '../lib/task-process.js';
import type { CvRenderReply, CvRenderTask } from './cv-render-process.js';
import { renderCvPdf } from './render-cv-pdf.js';

serveTasks<CvRenderTask>(async ({ cv, paper }, reply) => {
  await reply({ started: process.pid } satisfies CvRenderReply);
  await reply({ pdf: await renderCvPdf(cv, paper) } satisfies CvRenderReply);
});
