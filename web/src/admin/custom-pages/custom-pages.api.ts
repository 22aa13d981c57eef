import { useQuery } from '@tanstack/react-query';
import type { AdminCustomPage, SaveCustomPageBody } from '@kosh/contracts';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { adminEndpoints, customPagesEndpoints } from '../admin-endpoints.ts';
import type { ListQuery } from '../table/useAdminList.ts';

/** Query keys of the custom pages screens. */
export const customPageKeys = {
  all: ['admin', 'custom-pages'] as const,
  list: ['admin', 'custom-pages', 'list'] as const,
  detail: (id: number) => ['admin', 'custom-pages', 'detail', id] as const,
};

/** A page of pages in the admin tables' shape (the API keeps `data` at the top for the homepage choice). */
export async function fetchCustomPages(query: ListQuery, signal: AbortSignal) {
  const { data, ...page } = await call(adminEndpoints.listAdminCustomPages, { query, signal });
  return { pagination: { ...page, data } };
}

/** After a change: the lists, the homepage choice of the settings screen and the public pages. */
export const refreshCustomPages = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: customPageKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'custom-pages'] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.customPages.all }),
  ]);

export const customPagesApi = {
  create: (body: SaveCustomPageBody) => call(customPagesEndpoints.create, { body }).then((r) => r.page),
  update: (id: number, body: SaveCustomPageBody) =>
    call(customPagesEndpoints.update, { params: { id }, body }).then((r) => r.page),
  delete: async (ids: number[]) => {
    const answer = await call(customPagesEndpoints.delete, { body: { ids } });
    await refreshCustomPages();
    return answer;
  },
  uploadImage: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(customPagesEndpoints.uploadImage, { body });
  },
};

/** The stored page the editor opens; a 404 is the editor's to show. */
export function useAdminCustomPage(id: number | null) {
  return useQuery({
    queryKey: customPageKeys.detail(id ?? 0),
    queryFn: ({ signal }): Promise<AdminCustomPage> =>
      call(customPagesEndpoints.get, { params: { id: id ?? 0 }, signal }).then((r) => r.page),
    enabled: id !== null,
    meta: { handledStatuses: [404] },
  });
}
