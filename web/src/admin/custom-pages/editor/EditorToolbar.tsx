import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  FileCode2,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Redo2,
  Undo2,
} from 'lucide-react';
import { Button, Separator, Toolbar, ToggleButton } from 'react-aria-components';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../../ui/button-styles.ts';
import { Tooltip } from '../../../ui/Tooltip.tsx';

type Props = {
  editor: Editor;
  isSource: boolean;
  onSourceChange: (isSource: boolean) => void;
  onLink: () => void;
  onImage: () => void;
  isUploading: boolean;
};

const toolClass = clsx(
  'inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-kosh text-fg-muted',
  'transition-colors duration-125 hover:bg-bg-alt hover:text-fg data-[selected]:bg-bg-chip data-[selected]:text-fg',
  'data-[disabled]:cursor-default data-[disabled]:opacity-40',
  focusRing,
);

/** A formatting (pressed while the selection has it) or, without `isSelected`, a plain action. */
function Tool(props: {
  label: string;
  icon: ReactNode;
  isSelected?: boolean;
  isDisabled?: boolean;
  onPress: () => void;
}) {
  const { label, icon, isSelected, isDisabled, onPress } = props;
  return (
    <Tooltip content={label}>
      {isSelected === undefined ? (
        <Button aria-label={label} isDisabled={isDisabled} onPress={onPress} className={toolClass}>
          {icon}
        </Button>
      ) : (
        <ToggleButton
          aria-label={label}
          isSelected={isSelected}
          isDisabled={isDisabled}
          onChange={onPress}
          className={toolClass}
        >
          {icon}
        </ToggleButton>
      )}
    </Tooltip>
  );
}

const divider = <Separator orientation="vertical" className="mx-1 h-6 w-px shrink-0 bg-divider" />;

/** The formatting bar above a page's body; arrow keys move along it (one tab stop). */
export function EditorToolbar({ editor, isSource, onSourceChange, onLink, onImage, isUploading }: Props) {
  const { trans } = useTrans();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      code: e.isActive('codeBlock'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const off = isSource;
  return (
    <Toolbar
      aria-label={trans('Formatting')}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 border-b border-divider bg-bg px-1 py-1"
    >
      <Tool
        label={trans('Heading 1')}
        icon={<Heading1 size={18} aria-hidden />}
        isSelected={state.h1}
        isDisabled={off}
        onPress={() => chain().toggleHeading({ level: 1 }).run()}
      />
      <Tool
        label={trans('Heading 2')}
        icon={<Heading2 size={18} aria-hidden />}
        isSelected={state.h2}
        isDisabled={off}
        onPress={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <Tool
        label={trans('Heading 3')}
        icon={<Heading3 size={18} aria-hidden />}
        isSelected={state.h3}
        isDisabled={off}
        onPress={() => chain().toggleHeading({ level: 3 }).run()}
      />
      {divider}
      <Tool
        label={trans('Bold')}
        icon={<Bold size={18} aria-hidden />}
        isSelected={state.bold}
        isDisabled={off}
        onPress={() => chain().toggleBold().run()}
      />
      <Tool
        label={trans('Italic')}
        icon={<Italic size={18} aria-hidden />}
        isSelected={state.italic}
        isDisabled={off}
        onPress={() => chain().toggleItalic().run()}
      />
      {divider}
      <Tool
        label={trans('Bulleted list')}
        icon={<List size={18} aria-hidden />}
        isSelected={state.bullets}
        isDisabled={off}
        onPress={() => chain().toggleBulletList().run()}
      />
      <Tool
        label={trans('Numbered list')}
        icon={<ListOrdered size={18} aria-hidden />}
        isSelected={state.numbers}
        isDisabled={off}
        onPress={() => chain().toggleOrderedList().run()}
      />
      {divider}
      <Tool
        label={trans('Link')}
        icon={<Link2 size={18} aria-hidden />}
        isSelected={state.link}
        isDisabled={off}
        onPress={onLink}
      />
      <Tool
        label={trans('Image')}
        icon={<ImagePlus size={18} aria-hidden />}
        isDisabled={off || isUploading}
        onPress={onImage}
      />
      <Tool
        label={trans('Code block')}
        icon={<Code size={18} aria-hidden />}
        isSelected={state.code}
        isDisabled={off}
        onPress={() => chain().toggleCodeBlock().run()}
      />
      {divider}
      <Tool
        label={trans('Undo')}
        icon={<Undo2 size={18} aria-hidden />}
        isDisabled={off || !state.canUndo}
        onPress={() => chain().undo().run()}
      />
      <Tool
        label={trans('Redo')}
        icon={<Redo2 size={18} aria-hidden />}
        isDisabled={off || !state.canRedo}
        onPress={() => chain().redo().run()}
      />
      <div className="flex-1" />
      <ToggleButton
        isSelected={isSource}
        onChange={onSourceChange}
        className={clsx(toolClass, 'w-auto gap-1.5 px-2.5 text-sm font-medium')}
      >
        <FileCode2 size={18} aria-hidden />
        {trans('Source')}
      </ToggleButton>
    </Toolbar>
  );
}
