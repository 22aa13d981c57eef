import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { apiRequest } from '../../api/http.ts';
import { adminEndpoints } from '../admin-endpoints.ts';
import type { ListQuery } from '../table/useAdminList.ts';

/** Query keys of the admin users screens. */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: ['admin', 'users', 'list'] as const,
  roleOptions: ['admin', 'roles', 'options'] as const,
};

/** One page of users (GET admin/users, users.update). */
export function fetchAdminUsers(query: ListQuery, signal: AbortSignal) {
  return call(adminEndpoints.listAdminUsers, { query, signal });
}

type RoleOption = { id: number; name: string };

/**
 * The roles to filter users by, from the roles list (GET admin/roles, roles.update). Without that
 * list (an older server, or no roles.update) the role filter is not offered: no toast.
 */
export function useRoleOptions() {
  return useQuery({
    queryKey: adminUserKeys.roleOptions,
    queryFn: ({ signal }) =>
      apiRequest<{ pagination: { data: RoleOption[] } }>('GET', 'admin/roles', {
        params: { perPage: 100, orderBy: 'name', orderDir: 'asc' },
        signal,
      }).then((page) => page.pagination.data.map(({ id, name }) => ({ value: String(id), label: name }))),
    retry: false,
    staleTime: 60_000,
    meta: { handledStatuses: 'all' },
  });
}
