import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateAdminUserBody, SuspendAdminUserBody } from '@kosh/contracts';
import { call } from '../../api/call.ts';
import { apiRequest } from '../../api/http.ts';
import { queryClient } from '../../api/query-client.ts';
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

type RoleOption = { id: number; name: string; is_guest?: boolean };

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
      }).then((page) =>
        // The guests role is for visitors: nobody holds it.
        page.pagination.data.filter((r) => !r.is_guest).map(({ id, name }) => ({ value: String(id), label: name })),
      ),
    retry: false,
    staleTime: 60_000,
    meta: { handledStatuses: 'all' },
  });
}

/** Every list showing users is stale after a change. */
const refreshUsers = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all });

/** Adds a user (POST admin/users); the form shows 422s on its fields, so no toast for them. */
export function useCreateUser() {
  return useMutation({
    mutationFn: (body: CreateAdminUserBody) => call(adminEndpoints.createAdminUser, { body }),
    meta: { handledStatuses: [422] },
    onSuccess: refreshUsers,
  });
}

/** Deletes the picked users (POST admin/users/delete); each answers for itself. */
export function deleteUsers(ids: number[]) {
  return call(adminEndpoints.deleteAdminUsers, { body: { ids } }).finally(refreshUsers);
}

/** Suspends a user until a day or for good (POST admin/users/{id}/suspend); 422s land on the form. */
export function useSuspendUser() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SuspendAdminUserBody }) =>
      call(adminEndpoints.suspendAdminUser, { params: { id }, body }),
    meta: { handledStatuses: [422] },
    onSuccess: refreshUsers,
  });
}

/** Lifts a suspension (POST admin/users/{id}/unsuspend). */
export function useUnsuspendUser() {
  return useMutation({
    mutationFn: (id: number) => call(adminEndpoints.unsuspendAdminUser, { params: { id } }),
    onSuccess: refreshUsers,
  });
}
