import { useQuery } from '@tanstack/react-query';
import type { AdminFileRow, AdminFilesPage, AdminUsersPage, DeleteAdminFilesResponse } from '@kosh/contracts';
import { apiRequest, resolveUrl } from '../../api/http.ts';
import { queryClient } from '../../api/query-client.ts';
import type { ListQuery } from '../table/useAdminList.ts';

/** Query keys of the admin files screen. */
export const adminFileKeys = {
  all: ['admin', 'files'] as const,
  list: ['admin', 'files', 'list'] as const,
  owners: (query: string) => ['admin', 'files', 'owners', query] as const,
};

/** One page of every drive's entries (GET admin/files, files.update). */
export function fetchAdminFiles(query: ListQuery, signal: AbortSignal) {
  return apiRequest<AdminFilesPage>('GET', 'admin/files', { params: query, signal });
}

/** Deletes the picked entries forever (POST admin/files/delete); each answers for itself. */
export function deleteFilesForever(ids: number[]) {
  return apiRequest<DeleteAdminFilesResponse>('POST', 'admin/files/delete', { body: { ids } }).finally(() =>
    queryClient.invalidateQueries({ queryKey: adminFileKeys.all }),
  );
}

/** Where a file's bytes preview (inline) or download from; the thumbnail of an image. */
export const adminFileUrls = (file: Pick<AdminFileRow, 'id'>) => ({
  preview: resolveUrl(`admin/files/${file.id}/preview`),
  download: resolveUrl(`admin/files/${file.id}/preview?download=1`),
  thumbnail: resolveUrl(`admin/files/${file.id}/thumbnail`),
});

/**
 * Users matching a search, for the owner filter (GET admin/users, users.update). Without that
 * permission the picker says so instead of a toast.
 */
export function useOwnerSearch(query: string) {
  return useQuery({
    queryKey: adminFileKeys.owners(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminUsersPage>('GET', 'admin/users', {
        params: { perPage: 6, ...(query ? { query } : {}) },
        signal,
      }).then((page) => page.pagination.data.map(({ id, name, email, image }) => ({ id, name, email, image }))),
    retry: false,
    staleTime: 30_000,
    meta: { handledStatuses: 'all' },
  });
}
