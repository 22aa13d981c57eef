import { useRef, useState, type DragEvent } from 'react';
import { readDroppedSources } from '../upload/dropped-files.ts';
import type { UploadSource } from '../upload/upload-queue.ts';

/** The drag type of entries dragged inside the drive (ids as JSON). */
export const ENTRY_DRAG_TYPE = 'application/x-kosh-entries';

// dragover may read only the types of what is dragged, so the ids of a drag started in
// this page are kept here too: a folder then refuses to take itself.
let dragged: number[] = [];

export function startEntryDrag(event: DragEvent, ids: number[], label: string): void {
  dragged = ids;
  event.dataTransfer.setData(ENTRY_DRAG_TYPE, JSON.stringify(ids));
  event.dataTransfer.setData('text/plain', label);
  event.dataTransfer.effectAllowed = 'move';
}

export function endEntryDrag(): void {
  dragged = [];
}

type Options = {
  /** Entries dropped here (a move). */
  onEntries?: (ids: number[]) => void;
  /** Files and folders dropped from the computer (an upload). */
  onFiles?: (sources: UploadSource[]) => void;
  /** The folder's own id, which cannot take itself. */
  selfId?: number | null;
  isDisabled?: boolean;
};

/** Drop handling for folders, breadcrumbs and the file view: `isOver` drives the outline. */
export function useDropTarget({ onEntries, onFiles, selfId, isDisabled }: Options) {
  const [isOver, setOver] = useState(false);
  const depth = useRef(0);
  const accepts = (event: DragEvent) => {
    if (isDisabled) return false;
    const types = event.dataTransfer.types;
    if (onEntries && types.includes(ENTRY_DRAG_TYPE)) return selfId == null || !dragged.includes(selfId);
    return !!onFiles && types.includes('Files');
  };
  const dropProps = {
    onDragEnter: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      event.stopPropagation();
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = event.dataTransfer.types.includes(ENTRY_DRAG_TYPE) ? 'move' : 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.stopPropagation();
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      depth.current = 0;
      setOver(false);
      if (!accepts(event)) return;
      event.preventDefault();
      event.stopPropagation();
      const raw = event.dataTransfer.getData(ENTRY_DRAG_TYPE);
      if (raw && onEntries) {
        const ids = (JSON.parse(raw) as number[]).filter((id) => id !== selfId);
        if (ids.length) onEntries(ids);
      } else if (onFiles) {
        void readDroppedSources(event.dataTransfer).then((sources) => sources.length && onFiles(sources));
      }
      endEntryDrag();
    },
  };
  return { isOver, dropProps };
}
