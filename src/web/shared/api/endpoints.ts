import type { Device } from '../../../shared/device.js';
import type { Locale } from '../../../shared/locales.js';
import type {
  contactResponseSchema,
  pageResponseSchemas,
  ResponseData,
  visitorCheckResponseSchema,
  visitorCreateResponseSchema,
  visitResponseSchema,
} from '../../../shared/schemas/api.js';
import type { ContactMessage } from '../../../shared/schemas/contact.js';
import type { NoteListView, NoteView, ProjectView } from '../../../shared/schemas/entry-views.js';
import type { VisitBody } from '../../../shared/schemas/visitor.js';
import type {
  VisitorPreferences,
  visitorPreferencesResponseSchema,
} from '../../../shared/schemas/visitor-preferences.js';
import type { Section } from '../../../shared/sections.js';
import { apiRequest } from './api-client.js';

/*
 * Every call the web app makes, typed from the response schemas the server declares on its routes.
 * The schemas are imported as types only, so no zod code reaches the first download.
 */

export type SectionData<Name extends Section> = ResponseData<(typeof pageResponseSchemas)[Name]>;

export function requestSection<Name extends Section>(section: Name): Promise<SectionData<Name>> {
  return apiRequest(`/pages/${section}`);
}

export function checkVisitor(): Promise<ResponseData<typeof visitorCheckResponseSchema>> {
  return apiRequest('/visitor/check');
}

/** The first visit's facts travel as query parameters of the create call. */
export function createVisitor(
  device: Device,
  visit: NonNullable<VisitBody> = {},
): Promise<ResponseData<typeof visitorCreateResponseSchema>> {
  const query = new URLSearchParams(Object.entries(visit).filter((entry): entry is [string, string] => !!entry[1]));
  return apiRequest(`/visitor/create/${device}${query.size ? `?${query}` : ''}`);
}

export function recordVisit(
  device: Device,
  visit: NonNullable<VisitBody>,
): Promise<ResponseData<typeof visitResponseSchema>> {
  return apiRequest(`/visitor/visit/${device}`, { method: 'POST', body: visit });
}

export function sendContactMessage(message: ContactMessage): Promise<ResponseData<typeof contactResponseSchema>> {
  return apiRequest('/contact', { method: 'POST', body: message });
}

/** The server answers with the `theme` and `locale` cookies (decision 004: Safari's 7-day cap on script cookies). */
export function saveVisitorPreferences(
  preferences: VisitorPreferences,
): Promise<ResponseData<typeof visitorPreferencesResponseSchema>> {
  return apiRequest('/visitor/preferences', { method: 'PUT', body: preferences });
}

/** `/notes` in one language: one page of the notes, maybe those with one tag (issue 27). */
export function requestNoteList(
  locale: Locale,
  { tag, page }: { tag?: string | undefined; page?: number | undefined } = {},
): Promise<NoteListView> {
  const query = new URLSearchParams({ lang: locale });
  if (tag !== undefined) query.set('tag', tag);
  if (page !== undefined) query.set('page', String(page));
  return apiRequest(`/notes?${query}`);
}

/** A note in one language; `not_found` when it does not exist in that language. */
export function requestNote(locale: Locale, slug: string): Promise<NoteView> {
  return apiRequest(`/notes/${encodeURIComponent(slug)}?lang=${locale}`);
}

/** A project's page in one language (a portfolio item without an entry has one too). */
export function requestProject(locale: Locale, slug: string): Promise<ProjectView> {
  return apiRequest(`/projects/${encodeURIComponent(slug)}?lang=${locale}`);
}
