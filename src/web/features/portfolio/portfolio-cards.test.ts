import { describe, expect, it } from 'vitest';
import type { SectionData } from '../../shared/api/content-api.js';
import { portfolioCards } from './portfolio-cards.js';

const text = (words: string) => ({ lotin: `${words} (uz)`, russian: `${words} (ru)`, english: `${words} (en)` });

const portfolio: SectionData<'portfolio'> = {
  groups: [{ id: 'web', title: text('Web') }],
  items: [
    {
      id: 'shop',
      group: 'web',
      title: text('Shop'),
      summary: text('A shop'),
      description: text('A shop for people'),
      image: 'portfolio/shop.svg',
      image_alt: text('The shop'),
      year: 2024,
      tags: ['React'],
      url: 'https://example.com/shop',
    },
  ],
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
      title: 'Shop (ru)',
      imageAlt: 'The shop (ru)',
      description: 'A shop for people (ru)',
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
