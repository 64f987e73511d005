import type { Locale } from '../../shared/locales.js';

/** The words of the CV around the owner's content, in each language the site speaks. */
export interface CvLabels {
  documentTitle: string;
  about: string;
  experience: string;
  education: string;
  skills: string;
  design: string;
  coding: string;
  knowledge: string;
  languages: string;
  services: string;
  projects: string;
  present: string;
  page: string;
  /** Language levels in words, from the highest: a level reads the same in black and white. */
  languageLevels: [native: string, fluent: string, advanced: string, intermediate: string, basic: string];
  /** Skill levels in words, from the highest (JSON Resume's `level`). */
  skillLevels: [expert: string, advanced: string, intermediate: string, beginner: string];
}

export const CV_LABELS: Record<Locale, CvLabels> = {
  lotin: {
    documentTitle: 'Rezyume',
    about: 'Men haqimda',
    experience: 'Ish tajribasi',
    education: 'Taʼlim',
    skills: 'Koʻnikmalar',
    design: 'Dizayn',
    coding: 'Dasturlash',
    knowledge: 'Bilimlar',
    languages: 'Tillar',
    services: 'Xizmatlar',
    projects: 'Tanlangan loyihalar',
    present: 'hozirgacha',
    page: 'sahifa',
    languageLevels: ['Ona tili', 'Erkin', 'Yuqori', 'Oʻrta', 'Boshlangʻich'],
    skillLevels: ['Ekspert', 'Yuqori', 'Oʻrta', 'Boshlangʻich'],
  },
  russian: {
    documentTitle: 'Резюме',
    about: 'Обо мне',
    experience: 'Опыт работы',
    education: 'Образование',
    skills: 'Навыки',
    design: 'Дизайн',
    coding: 'Разработка',
    knowledge: 'Знания',
    languages: 'Языки',
    services: 'Услуги',
    projects: 'Избранные проекты',
    present: 'н. в.',
    page: 'стр.',
    languageLevels: ['Родной', 'Свободный', 'Продвинутый', 'Средний', 'Базовый'],
    skillLevels: ['Эксперт', 'Продвинутый', 'Средний', 'Начальный'],
  },
  english: {
    documentTitle: 'CV',
    about: 'Profile',
    experience: 'Experience',
    education: 'Education',
    skills: 'Skills',
    design: 'Design',
    coding: 'Development',
    knowledge: 'Knowledge',
    languages: 'Languages',
    services: 'Services',
    projects: 'Selected projects',
    present: 'present',
    page: 'page',
    languageLevels: ['Native', 'Fluent', 'Advanced', 'Intermediate', 'Basic'],
    skillLevels: ['Expert', 'Advanced', 'Intermediate', 'Beginner'],
  },
};
