/**
 * A `mailto:` link that opens the owner's mail client with the visitor's address, a "Re:" subject
 * and the message quoted below the cursor, as a mail client's own Reply does.
 */
export function replyLink(options: { email: string; subject: string; quoteHeader: string; message: string }): string {
  const quoted = options.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const parameters = [
    `subject=${encodeURIComponent(options.subject)}`,
    `body=${encodeURIComponent(`\n\n${options.quoteHeader}\n${quoted}\n`)}`,
  ].join('&');
  return `mailto:${encodeURIComponent(options.email).replace('%40', '@')}?${parameters}`;
}
