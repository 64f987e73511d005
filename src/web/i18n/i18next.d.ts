import 'i18next';
import type lotin from './locales/lotin.json';
import type ownerLotin from './owner-locales/lotin.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: {
      translation: typeof lotin & { me: { name: string; surname: string } };
      /** The owner area's texts, loaded with its code (never in a visitor's download). */
      owner: typeof ownerLotin;
    };
  }
}
