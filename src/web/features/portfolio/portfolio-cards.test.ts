import { describe, expect, it } from 'vitest';
import { sampleContent } from '../../../server/test/sample-content.js';
import type { SectionData } from '../../shared/api/content-api.js';
import { portfolioCards } from './portfolio-cards.js';

/** The sample site's portfolio, and a project written in Russian only. */
const portfolio: SectionData<'portfolio'> = {
  ...sampleContent().portfolio,
  projects: [
    {
      id: 'studio-work',
      group: 'web',
      year: 2026,
      date: '2026-10-01T00:00:00.000Z',
      tags: ['Studio'],
      text: {
        russian: { title: 'Работа', summary: 'Кратко.', lead: 'Начало текста.', role: 'Дизайнер' },
      },
    },
  ],
};

describe('the portfolio’s cards', () => {
  it('are the items in the owner’s order, then the projects written in the language', () => {
    const russian = portfolioCards(portfolio, 'russian');
    expect(russian.map((card) => card.id)).toEqual(['shop', 'studio-work']);
    expect(russian[0]).toMatchObject({
      title: 'Shop (russian)',
      imageAlt: 'The shop (russian)',
      description: 'A shop for people (russian)',
    });
    expect(russian[1]).toEqual({
      id: 'studio-work',
      group: 'web',
      year: 2026,
      title: 'Работа',
      summary: 'Кратко.',
      imageAlt: '',
      description: 'Кратко.\n\nНачало текста.',
      tags: ['Studio'],
      role: 'Дизайнер',
    });
  });

  it('leave a project out of a language it is not written in', () => {
    expect(portfolioCards(portfolio, 'english').map((card) => card.id)).toEqual(['shop']);
  });
});
