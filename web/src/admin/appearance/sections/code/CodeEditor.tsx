import { useEffect, useRef } from 'react';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { EditorView, basicSetup } from 'codemirror';
import { cspNonce } from '../../../../shell/csp-nonce.ts';

export type CodeEditorProps = {
  /** The accessible name of the editing area. */
  label: string;
  labelId: string;
  language: 'css' | 'html';
  value: string;
  onChange: (value: string) => void;
};

const theme = EditorView.theme({
  '&': {
    fontSize: '13px',
    backgroundColor: 'var(--kosh-bg)',
    color: 'var(--kosh-fg)',
    border: '1px solid var(--kosh-divider)',
    borderRadius: 'var(--kosh-radius)',
  },
  '&.cm-focused': { outline: '2px solid var(--kosh-primary)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: '240px' },
  '.cm-content': { caretColor: 'var(--kosh-fg)' },
  '.cm-gutters': {
    backgroundColor: 'var(--kosh-bg-alt)',
    color: 'var(--kosh-fg-muted)',
    borderRight: '1px solid var(--kosh-divider)',
    borderTopLeftRadius: 'var(--kosh-radius)',
    borderBottomLeftRadius: 'var(--kosh-radius)',
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'transparent' },
});

/** Token colours from the theme's own tokens, so the code reads at 4.5:1 in light and dark themes alike. */
const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.tagName, tags.typeName, tags.modifier, tags.operatorKeyword],
    color: 'var(--kosh-primary)',
  },
  { tag: [tags.string, tags.attributeValue, tags.special(tags.string)], color: 'var(--kosh-positive)' },
  { tag: [tags.number, tags.unit, tags.atom, tags.bool, tags.color], color: 'var(--kosh-danger)' },
  { tag: [tags.comment, tags.meta, tags.processingInstruction], color: 'var(--kosh-fg-muted)', fontStyle: 'italic' },
  { tag: [tags.propertyName, tags.attributeName, tags.className, tags.variableName], color: 'var(--kosh-fg)' },
  { tag: tags.invalid, color: 'var(--kosh-danger)', textDecoration: 'underline' },
]);

/** A CodeMirror 6 editor with CSS or HTML highlighting: its own chunk, loaded when the section opens. */
export function CodeEditor({ label, labelId, language, value, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; `value` follows below.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      doc: value,
      extensions: [
        basicSetup,
        language === 'css' ? css() : html(),
        theme,
        syntaxHighlighting(highlight),
        EditorView.lineWrapping,
        EditorView.cspNonce.of(cspNonce() ?? ''),
        EditorView.contentAttributes.of({ 'aria-label': label, 'aria-labelledby': labelId }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [language]);

  // A discard or a reset replaces the text from outside.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} data-testid={`code-editor-${language}`} />;
}

export default CodeEditor;
