import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  BulkSelection,
  FileEntry,
  FileEntryPage,
  FolderPathResponse,
  ListFileEntriesQuery,
} from '@kosh/contracts';
import { DRIVE_PAGE_SIZE, DRIVE_SPACE_USAGE_KEY, driveListKey } from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';
import { flattenPages, type EntryPages } from './drive-cache.ts';
import { prepareRequest, readBrowserCookie } from './http.ts';

/** The query of one listing (GET drive/file-entries) without its page, also the key of its cache. */
export type ListingParams = Pick<ListFileEntriesQuery, 'section' | 'orderBy' | 'orderDir'> &
  Partial<Pick<ListFileEntriesQuery, 'folderHash' | 'query' | 'type' | 'modifiedAfter' | 'tag'>>;

/** Query keys of the drive (STYLE.md "Web": a key factory per area). */
export const driveKeys = {
  all: ['drive'] as const,
  lists: ['drive', 'entries'] as const,
  /** null: the key of a listing not asked for yet (disabled, never holds data). */
  list: (params: ListingParams | null) => driveListKey(params),
  folderPaths: ['drive', 'folder-path'] as const,
  folderPath: (hash: string) => ['drive', 'folder-path', hash] as const,
  folders: (parentHash: string | null) => ['drive', 'folders', parentHash ?? 'root'] as const,
  spaceUsage: DRIVE_SPACE_USAGE_KEY,
};

/**
 * One section of the drive, page by page (GET drive/file-entries); further pages load while
 * current_page < last_page.
 */
export function useEntryListing(params: ListingParams | null) {
  return useInfiniteQuery({
    queryKey: driveKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listFileEntries, { query: { ...params, page: pageParam, perPage: DRIVE_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: FileEntryPage) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: params !== null,
    // A folder that is gone (or another user's) shows its own empty state instead of a toast.
    meta: { handledStatuses: [404] },
  });
}

/** A folder with its ancestors, for breadcrumbs and the folder's id. */
export function useFolderPath(hash: string | undefined) {
  return useQuery({
    queryKey: driveKeys.folderPath(hash ?? ''),
    queryFn: ({ signal }) => call(endpoints.getFolderPath, { params: { hash: hash ?? '' }, signal }),
    enabled: !!hash,
    meta: { handledStatuses: [404] },
  });
}

/**
 * A folder as a loaded listing or folder path already holds it: the page it opens on can name the
 * folder while its own path loads.
 */
export function cachedFolder(client: QueryClient, hash: string): FileEntry | undefined {
  for (const [, pages] of client.getQueriesData<EntryPages>({ queryKey: driveKeys.lists })) {
    const found = flattenPages(pages).find((entry) => entry.hash === hash);
    if (found) return found;
  }
  for (const [, data] of client.getQueriesData<FolderPathResponse>({ queryKey: driveKeys.folderPaths })) {
    const found = data?.path.find((entry) => entry.hash === hash);
    if (found) return found;
  }
  return undefined;
}

/**
 * The subfolders of a folder (or the root) for the folder picker: folders come first, so pages
 * load until a file shows up.
 */
export function useSubfolders(parentHash: string | null) {
  return useQuery({
    queryKey: driveKeys.folders(parentHash),
    queryFn: async ({ signal }) => {
      const folders: FileEntry[] = [];
      for (let page = 1; ; page++) {
        const query = {
          section: parentHash ? 'folder' : 'home',
          folderHash: parentHash ?? undefined,
          orderBy: 'name',
          orderDir: 'asc',
          perPage: 200,
          page,
        } as const;
        const answer = await call(endpoints.listFileEntries, { query, signal });
        const found = answer.data.filter((e) => e.type === 'folder');
        folders.push(...found);
        if (found.length < answer.data.length || answer.current_page >= answer.last_page) return folders;
      }
    },
  });
}

/** Storage used and available (GET user/space-usage). */
export function useSpaceUsage() {
  return useQuery({
    queryKey: driveKeys.spaceUsage,
    queryFn: ({ signal }) => call(endpoints.getSpaceUsage, { signal }),
  });
}

/** Every loaded entry of every cached listing, for callers that look an entry up by id. */
export function cachedEntries(queryClient: QueryClient): FileEntry[] {
  return queryClient
    .getQueriesData<EntryPages>({ queryKey: driveKeys.lists })
    .flatMap(([, data]) => flattenPages(data));
}

/** The address of one file's bytes; `inline` asks the server to let the browser show it. */
export function fileUrl(entry: Pick<FileEntry, 'hash' | 'url'>, inline = false): string {
  const base = entry.url ?? `/api/v1/file-entries/${entry.hash}/download`;
  return inline ? `${base}${base.includes('?') ? '&' : '?'}inline=1` : base;
}

/** One file downloads as itself; several entries or any folder as one ZIP (GET file-entries/download). */
export function downloadUrl(entries: readonly Pick<FileEntry, 'hash' | 'url' | 'type'>[]): string {
  if (entries.length === 1 && entries[0].type !== 'folder') return fileUrl(entries[0]);
  return `/api/v1/file-entries/download?hashes=${entries.map((e) => encodeURIComponent(e.hash)).join(',')}`;
}

/**
 * The ZIP of every entry of a folder (or of Home) but those left out: a select-all of any size,
 * with the active workspace for Home (GET file-entries/download?place=folder).
 */
export function selectionDownloadUrl(selection: Pick<BulkSelection, 'folderId' | 'except'>): string {
  const params = { place: 'folder', folderId: selection.folderId, except: selection.except.join(',') || undefined };
  return prepareRequest('GET', 'file-entries/download', { params }, readBrowserCookie).url;
}
