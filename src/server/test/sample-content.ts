import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import type { LocalizedText, SiteContent } from '../../shared/schemas/content.js';
import { picturesNamedBy } from '../pictures/picture-usage.js';

const text = (english: string): LocalizedText => ({
  lotin: `${english} (lotin)`,
  russian: `${english} (russian)`,
  english,
});

/** A small, valid site used by the server tests; each test may change a copy of it. */
export function sampleContent(): SiteContent {
  return {
    identity: {
      first_name: { lotin: 'Aziza', russian: 'Азиза', english: 'Aziza' },
      last_name: { lotin: 'Test', russian: 'Тест', english: 'Test' },
      role: text('Designer'),
      email: 'owner@example.com',
    },
    home: {
      greeting: text('Hello'),
      intro: text('I design things.'),
      photo: 'owner.svg',
      photo_alt: text('A portrait'),
      highlights: [{ value: '8+', label: text('Years') }],
    },
    about: {
      custom_text: text('About me.'),
      experience: [
        { period: { from: 2020 }, title: text('Designer'), place: text('Studio'), description: text('Work') },
      ],
      education: [
        { period: { from: 2014, to: 2018 }, title: text('BA'), place: text('University'), description: text('Study') },
      ],
      interests: [{ icon: 'camera', label: text('Photography') }],
      services: [{ icon: 'palette', title: text('Design'), description: text('Interfaces') }],
      skills: {
        design: [{ name: 'Figma', level: 90 }],
        languages: [{ name: text('Uzbek'), level: 100 }],
        coding: [{ name: 'TypeScript', level: 80 }],
        knowledge: [text('Accessibility')],
      },
    },
    portfolio: {
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
    },
    footer: {
      description: { lotin: '<p>Salom</p>', russian: '<p>Привет</p>', english: '<p>Hello <strong>there</strong></p>' },
      social_links: [{ url: 'https://github.com/example', icon: 'github' }],
    },
  };
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** Writes content as the owner would: one YAML file per section plus the pictures they name. */
export function writeContentDir(dir: string, content: unknown = sampleContent()): string {
  const site = content as Record<string, unknown>;
  mkdirSync(path.join(dir, 'images', 'portfolio'), { recursive: true });
  for (const name of ['identity', 'home', 'about', 'portfolio', 'footer']) {
    if (site[name] !== undefined) writeFileSync(path.join(dir, `${name}.yaml`), stringify(site[name]));
  }
  writeFileSync(path.join(dir, 'images', 'owner.svg'), SVG);
  writeFileSync(path.join(dir, 'images', 'portfolio', 'shop.svg'), SVG);
  return dir;
}

/** A picture for every path `content` names that the folder lacks (the demo content names a dozen). */
export function writeNamedPictures(dir: string, content: unknown): void {
  for (const picture of picturesNamedBy(content)) {
    const file = path.join(dir, 'images', picture);
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, SVG);
  }
}
