import { useMemo, useRef, type DragEvent, type MouseEvent } from 'react';
import type { FileEntry } from '@kosh/contracts';
import type { UploadSource } from '../upload/upload-queue.ts';
import { useFormatModified } from '../../shell/i18n/date-format.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { startEntryDrag } from '../dnd/useDropTarget.ts';
import { clickEntry, contextClickEntry, type Selection } from '../selection/selection-model.ts';
import type { Point } from './FileView.tsx';
import type { FileViewContext } from './view-context.ts';

type Inputs = {
  selection: Selection;
  order: number[];
  onSelection: (next: Selection) => void;
  isMobile: boolean;
  showFocus: boolean;
  userId: number | null;
  showOwner?: boolean;
  isTrash?: boolean;
  isSearch?: boolean;
  canDrag: boolean;
  onOpen: (entry: FileEntry) => void;
  onEntryMenu: (selection: Selection, at: Point) => void;
  onMoveInto: (ids: number[], folder: FileEntry) => void;
  onUpload: (sources: UploadSource[], parentId: number | null) => void;
};

/**
 * The context rows read. Handlers are stable (they read the latest inputs through a ref) and
 * dates are formatted once per value, so a scroll or a new page re-renders only rows that moved.
 */
export function useViewContextValue(inputs: Inputs): FileViewContext {
  const { trans } = useTrans();
  const formatDate = useFormatModified();
  const latest = useRef(inputs);
  latest.current = inputs;
  const handlers = useMemo(() => {
    const select = (next: Selection) => latest.current.onSelection(next);
    return {
      onPress: (entry: FileEntry, event: MouseEvent) => {
        const { selection, order, isMobile, onOpen } = latest.current;
        if (isMobile && !selection.selected.size) return onOpen(entry);
        select(
          clickEntry(selection, entry.id, order, {
            toggle: event.ctrlKey || event.metaKey || isMobile,
            range: event.shiftKey,
          }),
        );
      },
      onOpen: (entry: FileEntry) => latest.current.onOpen(entry),
      onToggle: (entry: FileEntry) =>
        select(clickEntry(latest.current.selection, entry.id, latest.current.order, { toggle: true })),
      onContextMenu: (entry: FileEntry, event: MouseEvent) => {
        event.preventDefault();
        event.stopPropagation();
        const next = contextClickEntry(latest.current.selection, entry.id);
        select(next);
        latest.current.onEntryMenu(next, { x: event.clientX, y: event.clientY });
      },
      onDragStart: (entry: FileEntry, event: DragEvent) => {
        const { selection, order } = latest.current;
        const next = selection.selected.has(entry.id) ? selection : clickEntry(selection, entry.id, order);
        if (next !== selection) select(next);
        const ids = order.filter((id) => next.selected.has(id));
        startEntryDrag(event, ids, ids.length === 1 ? entry.name : trans(':count items', { count: ids.length }));
      },
      onMoveInto: (ids: number[], folder: FileEntry) => latest.current.onMoveInto(ids, folder),
      onUploadInto: (sources: UploadSource[], folder: FileEntry) => latest.current.onUpload(sources, folder.id),
    };
  }, [trans]);
  const cachedDate = useMemo(() => {
    const cache = new Map<string, string>();
    return (date: string) => {
      let text = cache.get(date);
      if (text === undefined) {
        text = formatDate(date);
        cache.set(date, text);
      }
      return text;
    };
  }, [formatDate]);
  const { selection, showFocus, userId, isMobile, canDrag } = inputs;
  const showOwner = inputs.showOwner ?? true;
  const isTrash = inputs.isTrash ?? false;
  const isSearch = inputs.isSearch ?? false;
  return useMemo(
    () => ({
      ...handlers,
      selected: selection.selected,
      focusedId: selection.focused,
      showFocus,
      userId,
      showOwner,
      isTrash,
      isSearch,
      isMobile,
      canDrag,
      formatDate: cachedDate,
    }),
    [
      handlers,
      selection.selected,
      selection.focused,
      showFocus,
      userId,
      showOwner,
      isTrash,
      isSearch,
      isMobile,
      canDrag,
      cachedDate,
    ],
  );
}
