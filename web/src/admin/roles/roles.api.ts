import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SaveAdminRoleBody } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';

/** Query keys of the roles screens. */
export const roleKeys = {
  all: ['admin', 'roles'] as const,
  list: ['admin', 'roles', 'list'] as const,
  detail: (id: number) => ['admin', 'roles', 'detail', id] as const,
  users: (id: number) => ['admin', 'roles', 'users', id] as const,
  candidates: (id: number, text: string) => ['admin', 'roles', 'candidates', id, text] as const,
};

/** The calls of the roles screens (admin area, roles). */
export const rolesApi = {
  create: (body: SaveAdminRoleBody) => call(endpoints.createAdminRole, { body }).then((r) => r.role),
  update: (id: number, body: SaveAdminRoleBody) =>
    call(endpoints.updateAdminRole, { params: { roleId: id }, body }).then((r) => r.role),
  delete: (id: number) => call(endpoints.deleteAdminRole, { params: { roleId: id } }),
  addUsers: (id: number, ids: number[]) => call(endpoints.addAdminRoleUsers, { params: { roleId: id }, body: { ids } }),
  removeUsers: (id: number, ids: number[]) =>
    call(endpoints.removeAdminRoleUsers, { params: { roleId: id }, body: { ids } }),
};

export function useRole(id: number) {
  return useQuery({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => call(endpoints.getAdminRole, { params: { roleId: id }, signal }).then((r) => r.role),
    meta: { handledStatuses: [404] },
  });
}

/** Users outside the role for the "Assign users" dialog; the last answer stays while the next loads. */
export function useRoleCandidates(id: number, text: string, enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.candidates(id, text),
    queryFn: ({ signal }) =>
      call(endpoints.listAdminRoleCandidates, { params: { roleId: id }, query: { query: text || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After any change of roles: lists, counts and the role itself are read again. */
export const invalidateRoles = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });
