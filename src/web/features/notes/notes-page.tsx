/** Placeholder until the notes list is built (issue 27). */
export function NotesPage() {
  return null;
}
