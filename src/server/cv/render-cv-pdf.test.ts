import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleContent } from '../test/sample-content.js';
import { cvContent } from './cv-content.js';
import { renderCvPdf } from './render-cv-pdf.js';

describe('the CV document', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every project, service and skill when two share a name', async () => {
    const content = sampleContent();
    const [shop] = content.portfolio.items;
    if (!shop) throw new Error('the sample content has a portfolio item');
    // An owner may well have two "Landing page" projects, or a skill listed twice by mistake.
    content.portfolio.items.push({ ...shop, id: 'shop-2', summary: { ...shop.summary, english: 'A second shop' } });
    const [service] = content.about.services;
    if (!service) throw new Error('the sample content has a service');
    content.about.services.push({ ...service, description: { ...service.description, english: 'More interfaces' } });
    content.about.skills.coding.push({ name: 'TypeScript', level: 40 });
    const errors = vi.spyOn(console, 'error');

    const pdf = await renderCvPdf(cvContent(content, 'english', 'https://example.com'), 'a4');

    const keyWarnings = errors.mock.calls.filter((call) => call.some((part) => String(part).includes('same key')));
    expect(keyWarnings).toEqual([]);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('A shop ');
    expect(text).toContain('A second shop');
    expect(text).toContain('Interfaces');
    expect(text).toContain('More interfaces');
    expect(text.match(/TypeScript/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
