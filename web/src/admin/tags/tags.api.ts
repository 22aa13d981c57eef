import { useMutation } from '@tanstack/react-query';
import {
  AdminBulkIdsSchema,
  AdminTagResponseSchema,
  AdminTagsPageSchema,
  AdminTagsQuerySchema,
  MergeTagBodySchema,
  type SaveTagBody,
  SaveTagBodySchema,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { z } from 'zod';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import type { ListQuery } from '../table/useAdminList.ts';

const TagIdParamsSchema = z.object({ tagId: z.coerce.number().int().positive() });

/** The admin tags calls (server/src/admin/tags/tags-admin.routes.ts), typed by their schemas. */
export const tagsEndpoints = {
  listAdminTags: { method: 'GET', path: 'admin/tags', query: AdminTagsQuerySchema, response: AdminTagsPageSchema },
  createAdminTag: { method: 'POST', path: 'admin/tags', body: SaveTagBodySchema, response: AdminTagResponseSchema },
  updateAdminTag: {
    method: 'PUT',
    path: 'admin/tags/:tagId',
    params: TagIdParamsSchema,
    body: SaveTagBodySchema,
    response: AdminTagResponseSchema,
  },
  mergeAdminTag: {
    method: 'POST',
    path: 'admin/tags/:tagId/merge',
    params: TagIdParamsSchema,
    body: MergeTagBodySchema,
    response: AdminTagResponseSchema,
  },
  deleteAdminTags: {
    method: 'POST',
    path: 'admin/tags/delete',
    body: AdminBulkIdsSchema,
    response: z.object({ deleted: z.number().int() }),
  },
} as const satisfies Record<string, EndpointDefinition>;

/** Query keys of the tags screen; the drive's tag lists are read again after a change too. */
export const adminTagKeys = {
  all: ['admin', 'tags'] as const,
  list: ['admin', 'tags', 'list'] as const,
  targets: (text: string) => ['admin', 'tags', 'targets', text] as const,
};

export const fetchAdminTags = (query: ListQuery, signal: AbortSignal) =>
  call(tagsEndpoints.listAdminTags, { query, signal });

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminTagKeys.all }),
    // Renamed, merged or deleted tags show on entries.
    queryClient.invalidateQueries({ queryKey: ['drive'] }),
  ]);

/** Creates (no id) or renames a tag; the form shows 422s on its fields. */
export function useSaveTag() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveTagBody }) =>
      id === null
        ? call(tagsEndpoints.createAdminTag, { body })
        : call(tagsEndpoints.updateAdminTag, { params: { tagId: id }, body }),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

export function useMergeTag() {
  return useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) =>
      call(tagsEndpoints.mergeAdminTag, { params: { tagId: id }, body: { into } }),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

export async function deleteTags(ids: number[]) {
  const answer = await call(tagsEndpoints.deleteAdminTags, { body: { ids } });
  await refresh();
  return answer;
}
