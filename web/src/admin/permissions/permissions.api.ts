import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';

export const permissionKeys = { catalog: ['admin', 'permissions'] as const };

/** The permission catalog every selector shows; it changes only with a release. */
export function useAdminPermissions() {
  return useQuery({
    queryKey: permissionKeys.catalog,
    queryFn: ({ signal }) => call(endpoints.listAdminPermissions, { signal }).then((r) => r.groups),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
