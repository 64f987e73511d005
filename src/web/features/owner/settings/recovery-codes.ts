/** The authenticator key in groups of four, as people read and type it ("ABCD EFGH …"). */
export function keyGroups(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

/** The recovery codes as the text file the owner downloads: a title naming the site, then one code a line. */
export function recoveryCodesText(title: string, codes: readonly string[]): string {
  return `${title}\n\n${codes.join('\n')}\n`;
}

/** The downloaded file's name, with the site's address in it so two sites' files are told apart. */
export function recoveryCodesFileName(host: string): string {
  const site = host
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `recovery-codes${site ? `-${site}` : ''}.txt`;
}
