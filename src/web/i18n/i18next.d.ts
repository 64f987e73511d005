import 'i18next';
import type lotin from './locales/lotin.json';
import type ownerLotin from './owner-locales/lotin.json';
import type studioLotin from './studio-locales/lotin.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: {
      translation: typeof lotin & { me: { name: string; surname: string } };
      /** The owner area's texts, loaded with its code (never in a visitor's download). */
      owner: typeof ownerLotin;
      /** The content studio's texts, loaded with its own chunk inside the owner area. */
      studio: typeof studioLotin;
    };
  }
}
