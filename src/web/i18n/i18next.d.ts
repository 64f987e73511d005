import 'i18next';
import type lotin from './locales/lotin.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof lotin & { me: { name: string; surname: string } } };
  }
}
