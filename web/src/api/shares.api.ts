import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BulkSelection,
  EntrySharesResponse,
  FileEntry,
  SaveShareableLinkBody,
  ShareableLinkPage,
  ShareEntriesBody,
  SharePermission,
} from '@kosh/contracts';
import {
  LINK_PAGE_SIZE,
  type LinkPageParams,
  linkPageKey,
  SHAREABLE_LINK_PAGE_LOADER,
} from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';
import { driveKeys } from './drive.api.ts';
import { mapEntries, removeEntries, type EntryPages } from './drive-cache.ts';

export const SHARE_PERMISSIONS = ['view', 'download', 'edit'] as const satisfies readonly SharePermission[];

/** Query keys of sharing (STYLE.md "Web": a key factory per area). */
export const shareKeys = {
  all: ['shares'] as const,
  people: (entryId: number) => ['shares', 'people', entryId] as const,
  link: (entryId: number) => ['shares', 'link', entryId] as const,
  linkPages: ['shares', 'link-page'] as const,
  linkPage: linkPageKey,
};

/** The owner's "shared" mark follows what the dialog changed, in every cached listing. */
function markShared(qc: QueryClient, entryIds: number[], isShared?: boolean) {
  const ids = new Set(entryIds);
  for (const [key, data] of qc.getQueriesData<EntryPages>({ queryKey: driveKeys.lists })) {
    if (data)
      qc.setQueryData(
        key,
        mapEntries(data, (e) =>
          ids.has(e.id) && isShared !== undefined && e.is_shared !== isShared ? { ...e, is_shared: isShared } : e,
        ),
      );
  }
  if (isShared === undefined) void qc.invalidateQueries({ queryKey: driveKeys.lists });
}

/** Who has access to an entry: its owner and people (owner only). */
export function useEntryShares(entryId: number | null) {
  return useQuery({
    queryKey: shareKeys.people(entryId ?? 0),
    queryFn: ({ signal }) => call(endpoints.listEntryShares, { params: { entryId: entryId ?? 0 }, signal }),
    enabled: entryId !== null,
    // Someone the entry is shared with may not list its people: the panel just leaves them out.
    meta: { handledStatuses: [403, 404] },
  });
}

/** Shares entries with addresses at one permission; answers per address. */
export function useShareEntries() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareEntriesBody) => call(endpoints.shareEntries, { body }),
    meta: { handledStatuses: [422] },
    onSuccess: (answer, { entryIds }) => {
      for (const id of entryIds) void qc.invalidateQueries({ queryKey: shareKeys.people(id) });
      if (answer.results.some((r) => r.ok)) markShared(qc, entryIds, true);
    },
  });
}

export function useUpdateShare(entryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, permission }: { shareId: number; permission: SharePermission }) =>
      call(endpoints.updateShare, { params: { shareId }, body: { permission } }),
    onMutate: ({ shareId, permission }) => {
      qc.setQueryData<EntrySharesResponse>(
        shareKeys.people(entryId),
        (data) => data && { ...data, people: data.people.map((p) => (p.id === shareId ? { ...p, permission } : p)) },
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: shareKeys.people(entryId) }),
  });
}

export function useRemoveShare(entryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => call(endpoints.removeShare, { params: { shareId } }),
    onMutate: (shareId) => {
      qc.setQueryData<EntrySharesResponse>(
        shareKeys.people(entryId),
        (data) => data && { ...data, people: data.people.filter((p) => p.id !== shareId) },
      );
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: shareKeys.people(entryId) });
      markShared(qc, [entryId]);
    },
  });
}

/** The recipient removes entries from their shared-with-me list (their access ends). */
export function useLeaveShares() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids }: { ids: number[] }) => call(endpoints.leaveShares, { body: { entryIds: ids } }),
    onSuccess: (_answer, { ids }) => {
      for (const [key, data] of qc.getQueriesData<EntryPages>({ queryKey: driveKeys.lists }))
        if (data) qc.setQueryData(key, removeEntries(data, new Set(ids)));
      void qc.invalidateQueries({ queryKey: driveKeys.lists, refetchType: 'none' });
    },
  });
}

/** The entry's shareable link, or null (owner only). */
export function useShareableLink(entryId: number) {
  return useQuery({
    queryKey: shareKeys.link(entryId),
    queryFn: async ({ signal }) => (await call(endpoints.getShareableLink, { params: { entryId }, signal })).link,
  });
}

/** Creates, edits or deletes the entry's link; the cached link is the server's answer. */
export function useSaveShareableLink(entryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (change: { kind: 'create' | 'update'; body: SaveShareableLinkBody } | { kind: 'delete' }) => {
      const params = { entryId };
      if (change.kind === 'delete') {
        await call(endpoints.deleteShareableLink, { params });
        return null;
      }
      const save = change.kind === 'create' ? endpoints.createShareableLink : endpoints.updateShareableLink;
      return (await call(save, { params, body: change.body })).link;
    },
    meta: { handledStatuses: [422] },
    onSuccess: (link) => {
      qc.setQueryData(shareKeys.link(entryId), link);
      markShared(qc, [entryId], link ? link.enabled : undefined);
    },
  });
}

/**
 * The shareable link page (GET shareable-links/{hash}, spec part 2, 7): the link, whether its
 * password is wanted, and the folder's children page by page while current_page < last_page.
 */
export function useLinkPage(hash: string, params: LinkPageParams, isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: shareKeys.linkPage(hash, params),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.getShareableLinkPage, {
        params: { hash },
        query: {
          loader: SHAREABLE_LINK_PAGE_LOADER,
          page: pageParam,
          perPage: LINK_PAGE_SIZE,
          order: params.order,
          password: params.password ?? undefined,
          folderHash: params.folderHash ?? undefined,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: ShareableLinkPage) =>
      last.folderChildren && last.folderChildren.current_page < last.folderChildren.last_page
        ? last.folderChildren.current_page + 1
        : undefined,
    enabled: isEnabled,
    // 401 sends a logged-out visitor to /login; 404 and 410 show the page's own "not found" and "expired" states.
    meta: { handledStatuses: [401, 404, 410, 429] },
  });
}

/** Save to my drive: a copy of the linked entry in the caller's drive root. */
export function useSaveLinkToDrive(hash: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.saveLinkToDrive, { params: { hash }, body: {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: driveKeys.lists, refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: driveKeys.spaceUsage });
    },
  });
}

const linkDownloadBase = (hash: string) => `/api/v1/shareable-links/${encodeURIComponent(hash)}/download`;

/** The address that downloads entries of a link: one file as itself, anything else as a ZIP. */
export function linkDownloadUrl(
  hash: string,
  entries: readonly Pick<FileEntry, 'hash' | 'url' | 'type'>[] | null,
): string {
  const base = linkDownloadBase(hash);
  if (!entries) return base;
  if (entries.length === 1 && entries[0].type !== 'folder' && entries[0].url) return entries[0].url;
  return `${base}?hashes=${entries.map((e) => encodeURIComponent(e.hash)).join(',')}`;
}

/**
 * The ZIP of every entry of a folder inside a link (null: the linked folder) but those left out:
 * a select-all of any size (GET shareable-links/{hash}/download?place=folder).
 */
export function linkSelectionDownloadUrl(hash: string, selection: Pick<BulkSelection, 'folderId' | 'except'>): string {
  const params = new URLSearchParams({ place: 'folder' });
  if (selection.folderId) params.set('folderId', String(selection.folderId));
  // Ids are digits: the commas stay as they are, a third of the address an encoded list would take.
  const except = selection.except.length ? `&except=${selection.except.join(',')}` : '';
  return `${linkDownloadBase(hash)}?${params}${except}`;
}
