import { ApiError } from '../../../shared/api/api-client.js';

/**
 * A failed call's error, given to the field it is about or else to the form. Each field names the
 * server's code that is about it (`wrong_code` for the code field); a field that is not shown
 * names none (`false`), so an error is never given to a field the owner cannot see:
 * `placeError(error, { password: 'wrong_password', code: askForCode && 'wrong_code' })`.
 */
export function placeError<Name extends string>(
  error: unknown,
  codes: Record<Name, string | false>,
): Record<Name | 'form', unknown> {
  const code = error instanceof ApiError ? error.code : undefined;
  const names = Object.keys(codes) as Name[];
  const taker = names.find((name) => code !== undefined && codes[name] === code);
  const placed = { form: taker ? undefined : error } as Record<Name | 'form', unknown>;
  for (const name of names) placed[name] = name === taker ? error : undefined;
  return placed;
}
