/**
 * Text from visitors on the owner's terminal. A control character there is a command to the
 * terminal, not text: ESC starts sequences that move the cursor, rewrite lines or (OSC 52) write the
 * clipboard, and C1 characters do the same in some terminals. Bidirectional overrides reorder what
 * is shown. Every such character is written as its `\uXXXX` escape, which is also valid JSON.
 */
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const UNSAFE_EXCEPT_LINES = /(?![\n\t])[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One line of text: every control character escaped, newlines and tabs too. */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** Text of several lines (a message): newlines and tabs kept, every other control character escaped. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE_EXCEPT_LINES, escaped);
}
