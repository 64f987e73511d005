/** Why an uploaded picture was refused: the studio says each in words. */
export const PICTURE_REFUSAL_CODES = [
  'picture_missing',
  'picture_too_large',
  'picture_unreadable',
  'picture_type_not_allowed',
  'picture_type_mismatch',
  'picture_too_many_pixels',
  'picture_unsafe_svg',
  'picture_exists',
] as const;

/**
 * The API's stable error codes, free of zod so the web app can check them without loading it.
 * `schemas/api.ts` builds the error response schema from these lists.
 */
export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'section_not_found',
  'visitor_key_missing',
  'visitor_not_found',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unauthorized',
  'owner_password_not_set',
  'wrong_password',
  'second_factor_required',
  'wrong_code',
  'reauthentication_required',
  'invalid_reset_link',
  'broken_reset_link',
  /** The set-up link (docs/decisions/031) is wrong, used or expired; a password already set is `owner_password_set`. */
  'invalid_setup_link',
  'owner_password_set',
  /** The site's address is set by the server's environment (PUBLIC_URL), so it cannot be changed in the browser. */
  'site_address_from_environment',
  'passkey_failed',
  'forbidden',
  'channel_not_configured',
  /** Backups from Settings need SQLite; on PostgreSQL (DATABASE_URL) its own tools (pg_dump) back it up. */
  'backups_not_available',
  /** E-mail is set by the server's environment (SMTP_URL, MAIL_FROM, MAIL_TO), so Settings cannot change it. */
  'email_from_environment',
  /** Telegram is set by the server's environment (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID), so Settings cannot change it. */
  'telegram_from_environment',
  /** The language of notifications is set by the server's environment (OWNER_LOCALE), so Settings cannot change it. */
  'owner_locale_from_environment',
  'move_not_allowed',
  'draft_conflict',
  /** A collection's entry slug that another entry has or once had (old addresses keep redirecting). */
  'slug_taken',
  ...PICTURE_REFUSAL_CODES,
  'picture_in_use',
  /** A shared statistics link with a password, asked without it (docs/decisions/043): the page asks for it. */
  'share_password_required',
  'service_unavailable',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Whether a value is one of a list's entries (the lists are short, so a scan is fine). */
function isOneOf<Entry>(list: readonly Entry[], value: unknown): value is Entry {
  return (list as readonly unknown[]).includes(value);
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return isOneOf(API_ERROR_CODES, value);
}

/**
 * Why one field of a request is not valid. The web app translates these, so they never change
 * meaning; zod's own issue codes and English messages are mapped onto them (`schemas/field-errors.ts`).
 */
export const FIELD_ERROR_CODES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_email',
  'invalid_url',
  'invalid_format',
  'invalid_type',
  'invalid_choice',
  'unknown_field',
  'invalid_date',
  'reversed_range',
  'range_too_long',
  'invalid',
  /** A replaced picture's alt text, still the old picture's: rewrite it or confirm it fits. */
  'needs_review',
  /** The site's address with a path, query or user name: only the origin (https://example.com) is asked for. */
  'not_origin',
  /** The site's address over plain http on a host other than this machine (localhost, 127.0.0.1). */
  'https_required',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return isOneOf(FIELD_ERROR_CODES, value);
}
