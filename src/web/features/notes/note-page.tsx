/** Placeholder until the note page is built (issue 27). */
export function NotePage() {
  return null;
}
