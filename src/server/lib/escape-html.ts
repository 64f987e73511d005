/**
 * Text made safe for HTML and XML, in element text and in quoted attribute values alike: the five
 * characters that could end a text or an attribute, or start a tag or an entity, become numeric
 * character references (`&#38;`, which XML, SVG and Pango markup read as well as HTML does).
 * JSON inside a `<script>` element is a different job: `jsonForScript` in shared/site-data.ts.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
