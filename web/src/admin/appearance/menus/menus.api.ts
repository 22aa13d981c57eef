import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminMenuResponseSchema,
  AdminMenusSchema,
  SaveMenuBodySchema,
  type SaveMenuBody,
} from '@kosh/contracts/admin-appearance';
import { endpoints, type EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../../api/call.ts';
import { queryClient } from '../../../api/query-client.ts';
import { adminEndpoints } from '../../admin-endpoints.ts';

const MenuIdParamsSchema = z.object({ id: z.coerce.number().int() });

// The appearance editor's menu calls (contracts/src/admin-appearance.ts), declared like admin-endpoints.ts.
export const menuEndpoints = {
  list: { method: 'GET', path: 'admin/appearance/menus', response: AdminMenusSchema },
  create: {
    method: 'POST',
    path: 'admin/appearance/menus',
    body: SaveMenuBodySchema,
    response: AdminMenuResponseSchema,
  },
  update: {
    method: 'PUT',
    path: 'admin/appearance/menus/:id',
    params: MenuIdParamsSchema,
    body: SaveMenuBodySchema,
    response: AdminMenuResponseSchema,
  },
  delete: { method: 'DELETE', path: 'admin/appearance/menus/:id', params: MenuIdParamsSchema },
} as const satisfies Record<string, EndpointDefinition>;

export const menuKeys = {
  all: ['admin', 'appearance', 'menus'] as const,
  roles: ['admin', 'appearance', 'menus', 'roles'] as const,
  permissions: ['admin', 'appearance', 'menus', 'permissions'] as const,
  pages: ['admin', 'appearance', 'menus', 'pages'] as const,
};

export function useAdminMenus() {
  return useQuery({
    queryKey: menuKeys.all,
    queryFn: ({ signal }) => call(menuEndpoints.list, { signal }).then((r) => r.menus),
  });
}

export const refreshMenus = () => queryClient.invalidateQueries({ queryKey: menuKeys.all });

export const menusApi = {
  list: () => call(menuEndpoints.list).then((r) => r.menus),
  create: (body: SaveMenuBody) => call(menuEndpoints.create, { body }).then((r) => r.menu),
  update: (id: number, body: SaveMenuBody) => call(menuEndpoints.update, { params: { id }, body }).then((r) => r.menu),
  delete: (id: number) => call(menuEndpoints.delete, { params: { id } }),
};

/** Roles a menu item may require (the first hundred, by name). */
export function useRoleOptions() {
  return useQuery({
    queryKey: menuKeys.roles,
    queryFn: ({ signal }) =>
      call(endpoints.listAdminRoles, { query: { perPage: 100, orderBy: 'name', orderDir: 'asc' }, signal }).then(
        (r) => r.pagination.data,
      ),
  });
}

/** Every permission a menu item may require, flattened from the catalog's groups. */
export function usePermissionOptions() {
  return useQuery({
    queryKey: menuKeys.permissions,
    queryFn: ({ signal }) =>
      call(endpoints.listAdminPermissions, { signal }).then((r) => r.groups.flatMap((g) => g.permissions)),
  });
}

/** Custom pages a menu item of type page may open. */
export function useCustomPageOptions() {
  return useQuery({
    queryKey: menuKeys.pages,
    queryFn: ({ signal }) =>
      call(adminEndpoints.listAdminCustomPages, { query: { perPage: 100 }, signal }).then((r) => r.data),
  });
}
