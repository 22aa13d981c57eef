import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BulkEntriesBody, FileEntriesResponse, FileEntryResponse } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { runInBatches, type BulkProgress } from '../drive/actions/bulk-runner.ts';
import { call } from './call.ts';
import { driveKeys, type ListingParams } from './drive.api.ts';
import { mapEntries, mergeEntries, removeEntries, type EntryPages } from './drive-cache.ts';

type Snapshot = Array<[QueryKey, EntryPages | undefined]>;
/** Ids of any number: sent 1,000 a call, one call after another, with progress after each. */
type Ids = { ids: number[]; onProgress?: (progress: BulkProgress) => void };

/** Applies an optimistic change to every cached listing and returns what to roll back to. */
async function patchLists(
  qc: QueryClient,
  patch: (data: EntryPages, params: ListingParams) => EntryPages,
): Promise<Snapshot> {
  await qc.cancelQueries({ queryKey: driveKeys.lists });
  const snapshot = qc.getQueriesData<EntryPages>({ queryKey: driveKeys.lists });
  for (const [key, data] of snapshot) if (data) qc.setQueryData(key, patch(data, key[2] as ListingParams));
  return snapshot;
}

function rollback(qc: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
}

/**
 * After an optimistic change the shown listing already matches the server; the others are
 * only marked stale, so a deep-scrolled list of 100,000 entries is not fetched again.
 */
function markStale(qc: QueryClient, { spaceUsage = false, refetchActive = false } = {}) {
  void qc.invalidateQueries({ queryKey: driveKeys.lists, refetchType: refetchActive ? 'active' : 'none' });
  void qc.invalidateQueries({ queryKey: driveKeys.folderPaths });
  void qc.invalidateQueries({ queryKey: ['drive', 'folders'] });
  if (spaceUsage) void qc.invalidateQueries({ queryKey: driveKeys.spaceUsage });
}

/** Optimistic mutation over the cached listings: patch first, roll back on error, then mark stale. */
function useListMutation<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  patch: (vars: V) => (data: EntryPages, params: ListingParams) => EntryPages,
  options: { onAnswer?: (qc: QueryClient, answer: R) => void; spaceUsage?: boolean; refetchActive?: boolean } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: (vars: V) => patchLists(qc, patch(vars)),
    onError: (_error, _vars, snapshot) => rollback(qc, snapshot),
    onSuccess: (answer) => {
      options.onAnswer?.(qc, answer);
      // Refused entries were removed optimistically with the rest: fetch the shown listing again.
      if (answer && typeof answer === 'object' && 'refused' in answer && Number(answer.refused) > 0)
        void qc.invalidateQueries({ queryKey: driveKeys.lists, refetchType: 'active' });
    },
    onSettled: () => markStale(qc, options),
  });
}

const removeFrom = (sections: string[], ids: number[]) => (data: EntryPages, params: ListingParams) =>
  sections.includes(params.section) ? removeEntries(data, new Set(ids)) : data;

const mergeAnswer = (qc: QueryClient, answer: FileEntriesResponse | FileEntryResponse) => {
  const entries = 'entries' in answer ? answer.entries : [answer.fileEntry];
  for (const [key, data] of qc.getQueriesData<EntryPages>({ queryKey: driveKeys.lists }))
    if (data) qc.setQueryData(key, mergeEntries(data, entries));
};

export const useRenameEntry = () =>
  useListMutation(
    ({ id, name }: { id: number; name: string }) =>
      call(endpoints.renameEntry, { params: { entryId: id }, body: { name } }),
    ({ id, name }) =>
      (data) =>
        mapEntries(data, (e) => (e.id === id ? { ...e, name } : e)),
    { onAnswer: mergeAnswer },
  );

export const useStarEntries = () =>
  useListMutation(
    ({ ids, starred, onProgress }: Ids & { starred: boolean }) =>
      runInBatches(
        ids,
        (entryIds) => call(starred ? endpoints.starEntries : endpoints.unstarEntries, { body: { entryIds } }),
        onProgress,
      ),
    ({ ids, starred }) =>
      (data, params) => {
        if (!starred && params.section === 'starred') return removeEntries(data, new Set(ids));
        return mapEntries(data, (e) =>
          ids.includes(e.id) && e.is_starred !== starred ? { ...e, is_starred: starred } : e,
        );
      },
  );

/** Moves entries into a folder (null = root); they leave the folder listings they were in. */
export const useMoveEntries = () =>
  useListMutation(
    ({ ids, destinationId, onProgress }: Ids & { destinationId: number | null }) =>
      runInBatches(ids, (entryIds) => call(endpoints.moveEntries, { body: { entryIds, destinationId } }), onProgress),
    ({ ids }) => removeFrom(['home', 'folder'], ids),
  );

export const useTrashEntries = () =>
  useListMutation(
    ({ ids, onProgress }: Ids) =>
      runInBatches(
        ids,
        (entryIds) => call(endpoints.deleteEntries, { body: { entryIds, deleteForever: false } }),
        onProgress,
      ),
    ({ ids }) => removeFrom(['home', 'folder', 'recent', 'starred', 'search'], ids),
  );

export const useDeleteForever = () =>
  useListMutation(
    ({ ids, onProgress }: Ids) =>
      runInBatches(
        ids,
        (entryIds) => call(endpoints.deleteEntries, { body: { entryIds, deleteForever: true } }),
        onProgress,
      ),
    ({ ids }) => removeFrom(['trash'], ids),
    { spaceUsage: true },
  );

export const useRestoreEntries = () =>
  useListMutation(
    ({ ids, onProgress }: Ids) =>
      runInBatches(ids, (entryIds) => call(endpoints.restoreEntries, { body: { entryIds } }), onProgress),
    ({ ids }) => removeFrom(['trash'], ids),
  );

export const useEmptyTrash = () =>
  useListMutation(
    () => call(endpoints.emptyTrash),
    () => (data, params) =>
      params.section === 'trash'
        ? removeEntries(data, new Set(data.pages.flatMap((p) => p.data.map((e) => e.id))))
        : data,
    { spaceUsage: true },
  );

/** Copies go beside their originals ("name (1)"); the shown listing is fetched again to include them. */
export function useCopyEntries() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, onProgress }: Ids) =>
      runInBatches(ids, (entryIds) => call(endpoints.copyEntries, { body: { entryIds } }), onProgress),
    onSuccess: () => markStale(qc, { spaceUsage: true, refetchActive: true }),
  });
}

/**
 * One action on every entry of a folder or of the trash but those left out (select all in a
 * place of any size): the server works through them in one call; the shown listing is fetched again.
 */
export function useBulkSelection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkEntriesBody) => call(endpoints.bulkEntries, { body }),
    onSettled: () => markStale(qc, { spaceUsage: true, refetchActive: true }),
  });
}

/** Creates a folder; 422 (a name clash, a bad name) is shown on the dialog's field. */
export function useCreateFolder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, parentId }: { name: string; parentId: number | null }) =>
      call(endpoints.createFolder, { body: { name, parentId } }),
    meta: { handledStatuses: [422] },
    onSuccess: () => markStale(qc, { refetchActive: true }),
  });
}

/** After uploads: the shown listing and the storage meter are fetched again. */
export function refreshAfterUpload(qc: QueryClient) {
  markStale(qc, { spaceUsage: true, refetchActive: true });
}
