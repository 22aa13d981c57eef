import type { KeyboardEvent } from 'react';
import {
  clearSelection,
  focusEdge,
  moveFocus,
  selectAll,
  toggleEntry,
  type Selection,
} from '../selection/selection-model.ts';

export type KeyCommand = 'open' | 'rename' | 'delete' | 'menu';

type Options = {
  order: readonly number[];
  /** Entries per grid row (1 in the list). */
  columns: number;
  isGrid: boolean;
  selection: Selection;
  onSelection: (next: Selection) => void;
  onCommand: (command: KeyCommand) => void;
};

/**
 * Keys of the file view: arrows move (Shift extends, Ctrl/Cmd moves focus only),
 * Home/End, Ctrl/Cmd+A, Escape clears, Space toggles, Enter opens, F2 renames,
 * Delete (or Cmd+Backspace) deletes, Shift+F10 or the menu key opens the context menu.
 */
export function handleViewKey(
  event: KeyboardEvent,
  { order, columns, isGrid, selection, onSelection, onCommand }: Options,
): void {
  const mod = event.ctrlKey || event.metaKey;
  const step: Record<string, number> = {
    ArrowDown: isGrid ? columns : 1,
    ArrowUp: isGrid ? -columns : -1,
    ...(isGrid ? { ArrowRight: 1, ArrowLeft: -1 } : {}),
  };
  const command = (name: KeyCommand) => {
    event.preventDefault();
    onCommand(name);
  };
  if (event.key in step) {
    event.preventDefault();
    onSelection(
      moveFocus(selection, order, step[event.key], { extend: event.shiftKey, moveOnly: mod && !event.shiftKey }),
    );
  } else if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    onSelection(focusEdge(selection, order, event.key === 'Home' ? 'first' : 'last', event.shiftKey));
  } else if (mod && event.key.toLowerCase() === 'a') {
    event.preventDefault();
    onSelection(selectAll(selection, order));
  } else if (event.key === 'Escape' && selection.selected.size) {
    event.preventDefault();
    onSelection(clearSelection(selection));
  } else if (event.key === ' ' && selection.focused !== null) {
    event.preventDefault();
    onSelection(toggleEntry(selection, selection.focused));
  } else if (event.key === 'Enter' && selection.selected.size) {
    command('open');
  } else if (event.key === 'F2' && selection.selected.size === 1) {
    command('rename');
  } else if ((event.key === 'Delete' || (event.key === 'Backspace' && event.metaKey)) && selection.selected.size) {
    command('delete');
  } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
    if (selection.selected.size) command('menu');
  }
}
