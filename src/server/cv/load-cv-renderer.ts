import type { renderCvPdf } from './render-cv-pdf.js';

let loading: Promise<typeof renderCvPdf> | undefined;

/**
 * react-pdf, its layout engine and the fonts, loaded with the first CV a visitor asks for, not at
 * start-up (as sharp is, pictures/load-sharp.ts): a site whose CV is never downloaded never maps them.
 */
export function loadCvRenderer(): Promise<typeof renderCvPdf> {
  loading ??= import('./render-cv-pdf.js').then((module) => module.renderCvPdf);
  return loading;
}
