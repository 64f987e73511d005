import { markdownLanguage } from '@codemirror/lang-markdown';
import { LanguageSupport } from '@codemirror/language';
import { Compartment } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { minimalSetup } from 'codemirror';
import { useEffect, useRef, useState } from 'react';

export interface MarkdownCodeEditorProps {
  /** The id of the editor's place, so a problem's link can focus it. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The editor's name for screen readers ("Body in Markdown — English"). */
  label: string;
  invalid?: boolean;
  lang: string;
}

/**
 * The Markdown body in CodeMirror 6, in a chunk of its own loaded only when an entry's editor opens
 * (docs/decisions/029). Markdown stays the source; the preview beside it is the server's rendering.
 *
 * The editor lives in an open shadow root: CodeMirror then adds its styles as a constructed
 * stylesheet (style-mod's `adoptedStyleSheets`), which the site's Content-Security-Policy allows,
 * where the `<style>` element it adds to a document would be refused. The page's colours reach it
 * through the inherited custom properties. Tab is left to the page (CodeMirror binds it only with
 * `indentWithTab`), so the keyboard can leave the editor.
 */
export default function MarkdownCodeEditor({
  id,
  value,
  onChange,
  onBlur,
  label,
  invalid,
  lang,
}: MarkdownCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  // The editor is made once; its listeners call the latest props.
  const latest = useRef({ onChange, onBlur });
  latest.current = { onChange, onBlur };
  const [attributes] = useState(() => new Compartment());
  const contentAttributes = () =>
    EditorView.contentAttributes.of({
      lang,
      'aria-label': label,
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; the value and attributes follow below
  useEffect(() => {
    const place = host.current;
    if (!place) return;
    const root = place.shadowRoot ?? place.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      parent: root,
      root,
      doc: value,
      extensions: [
        minimalSetup,
        // The Markdown grammar alone: `markdown()` would add HTML, CSS and JavaScript support too.
        new LanguageSupport(markdownLanguage),
        EditorView.lineWrapping,
        attributes.of(contentAttributes()),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current.onChange(update.state.doc.toString());
        }),
        EditorView.domEventHandlers({ blur: () => latest.current.onBlur() }),
        EditorView.theme({
          '&': {
            backgroundColor: 'var(--color-bg)',
            color: 'var(--color-text)',
            fontSize: 'var(--text-base)',
            border: '1px solid var(--color-border)',
            borderRadius: 'var(--radius-md)',
          },
          '&.cm-focused': { outline: '2px solid var(--color-accent)', outlineOffset: '2px' },
          '.cm-content': {
            minHeight: '16rem',
            padding: 'var(--space-3)',
            fontFamily: 'var(--font-mono, ui-monospace, monospace)',
            caretColor: 'var(--color-text)',
          },
          // Markdown's marks keep their weight and style but the text's own colour, readable in both themes.
          '.cm-line span': { color: 'inherit !important' },
          '.cm-cursor': { borderLeftColor: 'var(--color-text)' },
        }),
      ],
    });
    view.current = editor;
    // The place takes the focus a problem's link gives it (ids do not reach into the shadow root) and passes it on.
    const passFocus = (event: FocusEvent) => {
      if (event.target === place) editor.focus();
    };
    place.addEventListener('focus', passFocus);
    return () => {
      place.removeEventListener('focus', passFocus);
      editor.destroy();
      view.current = undefined;
    };
  }, []);

  // A text set from outside (a restore, the other tab's draft) replaces the editor's.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: contentAttributes reads exactly these
  useEffect(() => {
    view.current?.dispatch({ effects: attributes.reconfigure(contentAttributes()) });
  }, [attributes, lang, label, invalid]);

  return <div ref={host} id={id} tabIndex={-1} data-markdown-editor="" />;
}
