import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminThemeResponseSchema,
  AdminThemesSchema,
  SaveThemeBodySchema,
  type SaveThemeBody,
} from '@kosh/contracts/admin-appearance';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../../api/call.ts';
import { queryClient } from '../../../api/query-client.ts';

const ThemeIdParamsSchema = z.object({ id: z.coerce.number().int() });

// The appearance editor's theme calls (contracts/src/admin-appearance.ts), declared like admin-endpoints.ts.
export const themeEndpoints = {
  list: { method: 'GET', path: 'admin/appearance/themes', response: AdminThemesSchema },
  create: {
    method: 'POST',
    path: 'admin/appearance/themes',
    body: SaveThemeBodySchema,
    response: AdminThemeResponseSchema,
  },
  update: {
    method: 'PUT',
    path: 'admin/appearance/themes/:id',
    params: ThemeIdParamsSchema,
    body: SaveThemeBodySchema,
    response: AdminThemeResponseSchema,
  },
  duplicate: {
    method: 'POST',
    path: 'admin/appearance/themes/:id/duplicate',
    params: ThemeIdParamsSchema,
    response: AdminThemeResponseSchema,
  },
  delete: { method: 'DELETE', path: 'admin/appearance/themes/:id', params: ThemeIdParamsSchema },
} as const satisfies Record<string, EndpointDefinition>;

export const themeKeys = { all: ['admin', 'appearance', 'themes'] as const };

export function useAdminThemes() {
  return useQuery({
    queryKey: themeKeys.all,
    queryFn: ({ signal }) => call(themeEndpoints.list, { signal }).then((r) => r.themes),
  });
}

export const refreshThemes = () => queryClient.invalidateQueries({ queryKey: themeKeys.all });

export const themesApi = {
  list: () => call(themeEndpoints.list).then((r) => r.themes),
  create: (body: SaveThemeBody) => call(themeEndpoints.create, { body }).then((r) => r.theme),
  update: (id: number, body: SaveThemeBody) =>
    call(themeEndpoints.update, { params: { id }, body }).then((r) => r.theme),
  duplicate: (id: number) => call(themeEndpoints.duplicate, { params: { id } }).then((r) => r.theme),
  delete: (id: number) => call(themeEndpoints.delete, { params: { id } }),
};
