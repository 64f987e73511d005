/** A `Set-Cookie` header as name, value and attributes; the attributes sorted, since their order means nothing. */
export function parseSetCookie(header: unknown): { name: string; value: string; attributes: string[] } {
  const [pair = '', ...attributes] = String(header).split(/;\s*/);
  const separator = pair.indexOf('=');
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes: attributes.sort() };
}
