import type { DragEvent, MouseEvent } from 'react';
import type { FileEntry } from '@kosh/contracts';
import { endEntryDrag, useDropTarget } from '../dnd/useDropTarget.ts';
import { isFolder } from '../file-types.ts';
import { entryDomId, useViewContext } from './view-context.ts';

/**
 * What a list row and a grid card share: their state in the view, and the props that make the
 * element an entry (id, selection, dragging it, dropping onto a folder, press, open, menu).
 */
export function useEntryItem(entry: FileEntry) {
  const ctx = useViewContext();
  const isSelected = ctx.selected.has(entry.id);
  const isFocused = ctx.showFocus && ctx.focusedId === entry.id;
  const folder = isFolder(entry);
  const { isOver, dropProps } = useDropTarget({
    onEntries: (ids) => ctx.onMoveInto(ids, entry),
    onFiles: (sources) => ctx.onUploadInto(sources, entry),
    selfId: entry.id,
    isDisabled: !folder || !ctx.canDrag || isSelected,
  });
  const itemProps = {
    id: entryDomId(entry.id),
    'aria-selected': isSelected,
    'data-testid': 'entry',
    'data-entry-name': entry.name,
    draggable: ctx.canDrag,
    onDragStart: (event: DragEvent) => ctx.onDragStart(entry, event),
    onDragEnd: endEntryDrag,
    onClick: (event: MouseEvent) => ctx.onPress(entry, event),
    onDoubleClick: () => ctx.onOpen(entry),
    onContextMenu: (event: MouseEvent) => ctx.onContextMenu(entry, event),
    ...dropProps,
  };
  return { ctx, isSelected, isFocused, folder, isOver, itemProps };
}
