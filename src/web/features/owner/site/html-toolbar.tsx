import { Bold, Italic, Link, List, Pilcrow } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field-editor.module.css';

/**
 * The formats the toolbar writes: each one only elements and attributes the server's sanitizer keeps
 * (server/content/sanitize-html.ts: p, strong, em, ul, li, a with href), so what the owner sees in
 * the preview is what visitors get.
 */
export type HtmlFormat = 'bold' | 'italic' | 'link' | 'list' | 'paragraph';

const FORMATS: readonly { format: HtmlFormat; Icon: typeof Bold }[] = [
  { format: 'bold', Icon: Bold },
  { format: 'italic', Icon: Italic },
  { format: 'link', Icon: Link },
  { format: 'list', Icon: List },
  { format: 'paragraph', Icon: Pilcrow },
];

/** A link's placeholder address, selected after it is inserted so the owner types over it. */
const LINK_ADDRESS = 'https://';

interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * The text with the selection wrapped in a format. The wrapped text stays selected (or the caret sits
 * where the text goes); a new link's address is selected instead, for the owner to type.
 */
export function applyHtmlFormat(text: string, start: number, end: number, format: HtmlFormat): Edit {
  const selected = text.slice(start, end);
  const wrap = (before: string, inner: string, after: string, select?: [number, number]): Edit => {
    const [from, to] = select ?? [before.length, before.length + inner.length];
    return {
      text: text.slice(0, start) + before + inner + after + text.slice(end),
      selectionStart: start + from,
      selectionEnd: start + to,
    };
  };
  switch (format) {
    case 'bold':
      return wrap('<strong>', selected, '</strong>');
    case 'italic':
      return wrap('<em>', selected, '</em>');
    case 'paragraph':
      return wrap('<p>', selected, '</p>');
    case 'link': {
      const before = `<a href="${LINK_ADDRESS}">`;
      const addressAt = '<a href="'.length;
      return wrap(before, selected, '</a>', [addressAt, addressAt + LINK_ADDRESS.length]);
    }
    case 'list': {
      // Each selected line becomes an item; no selection gives one empty item with the caret in it.
      const filled = selected.split('\n').filter((line) => line.trim() !== '');
      const lines = filled.length > 0 ? filled : [''];
      const items = lines.map((line) => `  <li>${line.trim()}</li>`).join('\n');
      const caret = '<ul>\n  <li>'.length;
      const edit = wrap('<ul>\n', items, '\n</ul>');
      return filled.length === 0 ? { ...edit, selectionStart: start + caret, selectionEnd: start + caret } : edit;
    }
  }
}

/** The format a keyboard shortcut in the text asks for (Ctrl or ⌘ with B or I), if any. */
export function shortcutFormat(event: KeyboardEvent): HtmlFormat | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return undefined;
  const key = event.key.toLowerCase();
  return key === 'b' ? 'bold' : key === 'i' ? 'italic' : undefined;
}

/** Applies a format to the textarea with this id, then gives it back the focus and the selection. */
export function formatTextArea(textAreaId: string, format: HtmlFormat, onValue: (next: string) => void) {
  const area = document.getElementById(textAreaId);
  if (!(area instanceof HTMLTextAreaElement)) return;
  const edit = applyHtmlFormat(area.value, area.selectionStart, area.selectionEnd, format);
  onValue(edit.text);
  // After React has written the new value into the textarea.
  requestAnimationFrame(() => {
    area.focus();
    area.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  });
}

/**
 * A small toolbar over an HTML textarea: one tab stop, the arrow keys, Home and End move between its
 * buttons (the WAI-ARIA toolbar pattern). Markup is written into the text, which stays the source:
 * no editor library, nothing the sanitizer would not keep.
 */
export function HtmlToolbar({
  textAreaId,
  label,
  onValue,
}: {
  textAreaId: string;
  label: string;
  onValue: (next: string) => void;
}) {
  const { t } = useTranslation('studio');
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = FORMATS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : event.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={label} aria-controls={textAreaId} className={styles.toolbar} onKeyDown={onKeyDown}>
      {FORMATS.map(({ format, Icon }, index) => (
        <button
          key={format}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          className={styles.toolbarButton}
          tabIndex={index === active ? 0 : -1}
          aria-label={t(`html_editor.${format}`)}
          title={t(`html_editor.${format}`)}
          onFocus={() => setActive(index)}
          // The textarea keeps its selection when a click lands here.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => formatTextArea(textAreaId, format, onValue)}
        >
          <Icon aria-hidden="true" size={18} />
        </button>
      ))}
    </div>
  );
}
