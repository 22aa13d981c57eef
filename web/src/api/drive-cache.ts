import type { InfiniteData } from '@tanstack/react-query';
import type { FileEntry, FileEntryPage } from '@kosh/contracts';

export type EntryPages = InfiniteData<FileEntryPage, unknown>;

/** Every entry of the loaded pages, in order. */
export function flattenPages(data: EntryPages | undefined): FileEntry[] {
  return data ? data.pages.flatMap((page) => page.data) : [];
}

/** Replaces entries through `update` (rename, star); pages that did not change keep their identity. */
export function mapEntries(data: EntryPages, update: (entry: FileEntry) => FileEntry): EntryPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const entries = page.data.map((entry) => {
      const next = update(entry);
      if (next !== entry) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, data: entries };
  });
  return changed ? { ...data, pages } : data;
}

/** Drops entries (moved away, trashed, restored, deleted) and lowers each page's total to match. */
export function removeEntries(data: EntryPages, ids: ReadonlySet<number>): EntryPages {
  const removed = data.pages.reduce((n, page) => n + page.data.filter((e) => ids.has(e.id)).length, 0);
  if (!removed) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.filter((e) => !ids.has(e.id)),
      total: Math.max(0, page.total - removed),
    })),
  };
}

/** Merges the entries the server answered (rename, star) into the loaded pages. */
export function mergeEntries(data: EntryPages, answered: readonly FileEntry[]): EntryPages {
  const byId = new Map(answered.map((e) => [e.id, e]));
  return mapEntries(data, (entry) => byId.get(entry.id) ?? entry);
}

/** The total the server reported (all pages), or the loaded count when nothing is loaded yet. */
export function totalOf(data: EntryPages | undefined): number {
  return data?.pages[0]?.total ?? 0;
}
