/** A `Set-Cookie` header as name, value and attributes; the attributes sorted, since their order means nothing. */
export function parseSetCookie(header: unknown): { name: string; value: string; attributes: string[] } {
  const [pair = '', ...attributes] = String(header).split(/;\s*/);
  const separator = pair.indexOf('=');
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes: attributes.sort() };
}

/** The `name=value` of the cookie that marks a browser the owner signed in from, if the answer sets it. */
export function deviceCookieOf(header: unknown): string | undefined {
  return [header]
    .flat()
    .map((cookie) => String(cookie).split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('sahifa_device='));
}
