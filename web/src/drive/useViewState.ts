import { useSettings } from '../shell/bootstrap-store.ts';
import { useCallback, useSyncExternalStore } from 'react';
import {
  parseSort,
  parseViewMode,
  serializeSort,
  SORT_KEY,
  VIEW_MODE_KEY,
  type Sort,
  type ViewMode,
} from './view-state.ts';

// View mode and sort are kept in this browser (spec part 2, "Drive view state": persisted locally).
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  memory.set(key, value);
  for (const listener of listeners) listener();
}

const memory = new Map<string, string>();
const current = (key: string) => read(key) ?? memory.get(key) ?? null;
// The server draws a page (the shareable link page) with the defaults; the browser then applies the saved choice.
const unchosen = () => null;

/** The user's chosen view, else the site's default (the drive settings tab), else list. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const raw = useSyncExternalStore(subscribe, () => current(VIEW_MODE_KEY), unchosen);
  const siteDefault = useSettings().drive?.default_view;
  return [parseViewMode(raw, siteDefault), useCallback((mode: ViewMode) => write(VIEW_MODE_KEY, mode), [])];
}

export function useSort(): [Sort, (sort: Sort) => void] {
  const raw = useSyncExternalStore(subscribe, () => current(SORT_KEY), unchosen);
  const sort = parseSort(raw);
  // The parsed object is rebuilt each render; callers key queries on its fields, not on it.
  return [sort, useCallback((next: Sort) => write(SORT_KEY, serializeSort(next)), [])];
}
