/** Plain owner text where a blank line starts a new paragraph. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => (
      <p key={paragraph} className={className}>
        {paragraph}
      </p>
    ));
}
