import { useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { cspNonce } from '../../../shell/csp-nonce.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { customPagesApi } from '../custom-pages.api.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { altFromFileName, imageFileProblem, isRichEditable } from './page-form.ts';

type Props = {
  /** The body's HTML; a change from outside (a save, a discard) replaces the editor's content. */
  value: string;
  onChange: (html: string) => void;
  label: string;
  errorMessage?: string;
};

const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false }),
  // Links open where they are (a page's own links stay on the site); the server sets rel. No
  // autolink: it makes a link take in whatever is typed right after it.
  Link.configure({ openOnClick: false, autolink: false, HTMLAttributes: { target: null, rel: null } }),
  Image.configure({ allowBase64: false }),
];
const surface = 'min-h-[60vh] px-4 py-3 sm:px-6 sm:py-4';
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * A page's body: the visual editor (TipTap) with its toolbar, or its HTML in a text area. A body
 * holding markup the visual editor would drop (tables, say) opens as HTML.
 */
export function RichTextEditor({ value, onChange, label, errorMessage }: Props) {
  const { trans } = useTrans();
  const labelId = useId();
  const errorId = useId();
  const [isSource, setSource] = useState(() => !isRichEditable(value));
  const [isLinking, setLinking] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // The HTML this editor last reported, to tell its own changes from a new value given from outside.
  const reported = useRef(value);
  const editor = useEditor({
    extensions: EXTENSIONS,
    injectNonce: cspNonce(),
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': errorId,
        class: clsx('prose-kosh max-w-none text-fg outline-none', surface),
      },
    },
    onUpdate: ({ editor: e }) => {
      // The empty paragraph the editor keeps after a last image or list, to type into, is not content.
      reported.current = e.isEmpty ? '' : e.getHTML().replace(/(?:<p><\/p>)+$/, '');
      onChange(reported.current);
    },
  });
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const toggleSource = (next: boolean) => {
    if (!next && editor && value !== reported.current) {
      reported.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
    setSource(next);
  };
  const applyLink = (href: string | null) => {
    setLinking(false);
    if (!editor) return;
    const chain = editor.chain().extendMarkRange('link');
    if (href === null) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    // Typing goes on after the link rather than over it.
    editor.commands.setTextSelection(editor.state.selection.to);
  };
  // Back to the text once the link dialog closes. Done before the dialog's own focus restore runs
  // (a frame later), which then leaves focus where it is instead of on the toolbar's Link button.
  const wasLinking = useRef(false);
  useEffect(() => {
    if (wasLinking.current && !isLinking) editor?.commands.focus();
    wasLinking.current = isLinking;
  }, [isLinking, editor]);
  const upload = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      toast.danger(trans(problem));
      return;
    }
    setUploading(true);
    try {
      const image = await customPagesApi.uploadImage(file);
      editor
        ?.chain()
        .focus()
        .setImage({ src: image.url, alt: altFromFileName(file.name) })
        .run();
    } catch (error) {
      showHttpErrorToast(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div
        className={clsx(
          // Clipped, not hidden: a hidden overflow would hold the toolbar's sticky position to this box.
          'overflow-clip rounded-kosh border bg-bg',
          errorMessage ? 'border-danger' : 'border-divider focus-within:border-primary',
        )}
      >
        {editor && (
          <EditorToolbar
            editor={editor}
            isSource={isSource}
            onSourceChange={toggleSource}
            onLink={() => setLinking(true)}
            onImage={() => fileInput.current?.click()}
            isUploading={isUploading}
          />
        )}
        {isSource ? (
          <textarea
            aria-label={trans('HTML source')}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            spellCheck={false}
            className={clsx(
              'block w-full resize-y bg-bg font-mono text-[13px] leading-5 text-fg outline-none',
              surface,
            )}
          />
        ) : (
          <EditorContent editor={editor} />
        )}
      </div>
      <p id={errorId} className="text-xs text-danger empty:hidden">
        {errorMessage}
      </p>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="page-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <LinkDialog
        isOpen={isLinking}
        current={isLinking ? ((editor?.getAttributes('link').href as string | undefined) ?? null) : null}
        onClose={() => setLinking(false)}
        onApply={applyLink}
      />
    </div>
  );
}
