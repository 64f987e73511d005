import { renderToBuffer } from '@react-pdf/renderer';
import type { CvPaperSize } from '../../shared/cv.js';
import type { Cv } from './cv-content.js';
import { CvDocument } from './cv-document.js';
import { registerCvFonts } from './cv-fonts.js';

let previous: Promise<unknown> = Promise.resolve();

/**
 * Makes one CV's PDF. Only ever loaded in the CV process (cv-render-child.ts), never in the server.
 * One document at a time: react-pdf's fonts are process-wide, and each document registers its own.
 */
export function renderCvPdf(cv: Cv, paper: CvPaperSize): Promise<Buffer> {
  const rendered = previous.then(() => {
    registerCvFonts();
    return renderToBuffer(CvDocument({ cv, paper }));
  });
  previous = rendered.catch(() => undefined);
  return rendered;
}
