import { describe, expect, it } from 'vitest';
import { previewAnchorOf, previewPagesOf } from './preview-anchor.js';

const content = { portfolio: { items: [{ id: 'first-work' }, { id: 'second-work' }] } };

describe('where the preview scrolls for the field being edited', () => {
  it('finds a portfolio item by its id and an about section by its field', () => {
    expect(previewAnchorOf('field-portfolio-items-1-title-english', 'portfolio', content)).toBe(
      '#portfolio-item-second-work',
    );
    expect(previewAnchorOf('field-portfolio-items-0', 'portfolio', content)).toBe('#portfolio-item-first-work');
    expect(previewAnchorOf('field-about-experience-2-place-russian', 'about', content)).toBe('#about-experience');
    expect(previewAnchorOf('field-about-custom_text-lotin', 'about', content)).toBe('#about-custom-text');
    expect(previewAnchorOf('field-footer-description-english', 'home', content)).toBe('end');
  });

  it('leaves the page at its top where it shows nothing of the field', () => {
    expect(previewAnchorOf('field-portfolio-items-1-title-english', 'not_found', content)).toBeUndefined();
    expect(previewAnchorOf('field-portfolio-items-9', 'portfolio', content)).toBeUndefined();
    expect(previewAnchorOf('field-portfolio-groups-0', 'portfolio', content)).toBeUndefined();
    expect(previewAnchorOf('field-home-greeting-english', 'home', content)).toBeUndefined();
    expect(previewAnchorOf('something-else', 'home', content)).toBeUndefined();
  });

  it('offers the section’s own page first, and the 404 page to every section', () => {
    expect(previewPagesOf('portfolio')).toEqual(['portfolio', 'not_found']);
    expect(previewPagesOf('footer')).toEqual(['home', 'about', 'portfolio', 'not_found']);
  });
});
