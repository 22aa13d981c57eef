import { createContext, useContext, type DragEvent, type MouseEvent } from 'react';
import type { FileEntry } from '@kosh/contracts';
import type { UploadSource } from '../upload/upload-queue.ts';

/** What rows and cards need from the file view: selection, focus and the pointer handlers. */
export type FileViewContext = {
  selected: ReadonlySet<number>;
  focusedId: number | null;
  /** The view has keyboard focus: the focused entry shows its ring. */
  showFocus: boolean;
  userId: number | null;
  /** The list has an owner column (not on a shareable link's page). */
  showOwner: boolean;
  isMobile: boolean;
  /** The trash: rows tell when each entry was deleted and the folder it came from. */
  isTrash: boolean;
  /** Search results: rows tell the folder each entry lives in. */
  isSearch: boolean;
  /** Entries may be dragged (not in trash, not on touch screens). */
  canDrag: boolean;
  formatDate: (date: string) => string;
  onPress: (entry: FileEntry, event: MouseEvent) => void;
  onOpen: (entry: FileEntry) => void;
  onToggle: (entry: FileEntry) => void;
  onContextMenu: (entry: FileEntry, event: MouseEvent) => void;
  onDragStart: (entry: FileEntry, event: DragEvent) => void;
  onMoveInto: (ids: number[], folder: FileEntry) => void;
  onUploadInto: (sources: UploadSource[], folder: FileEntry) => void;
};

export const ViewContext = createContext<FileViewContext | null>(null);

export function useViewContext(): FileViewContext {
  const ctx = useContext(ViewContext);
  if (!ctx) throw new Error('useViewContext needs a file view.');
  return ctx;
}

export const entryDomId = (id: number) => `entry-${id}`;
