import { useQuery } from '@tanstack/react-query';
import { UserSpacePageSchema, UserSpaceQuerySchema } from '@kosh/contracts';
import { endpoints, type EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import type { ListQuery } from '../table/useAdminList.ts';

// GET admin/user-space is not in the shared endpoint table yet; declared here with the route's schemas.
const listUserSpace = {
  method: 'GET',
  path: 'admin/user-space',
  query: UserSpaceQuerySchema,
  response: UserSpacePageSchema,
} as const satisfies EndpointDefinition;

/** Query keys of the user space screen. */
export const userSpaceKeys = {
  list: ['admin', 'user-space'] as const,
  plans: ['admin', 'user-space', 'plans'] as const,
};

/** One page of users ranked by space, with the store's totals (GET admin/user-space, admin.access). */
export function fetchUserSpace(query: ListQuery, signal: AbortSignal) {
  return call(listUserSpace, { query, signal });
}

/**
 * The plans to filter by (GET billing/products). Without them (billing off, an error) the plan
 * filter is simply not offered: no toast.
 */
export function usePlanOptions() {
  return useQuery({
    queryKey: userSpaceKeys.plans,
    queryFn: ({ signal }) =>
      call(endpoints.listProducts, { query: {}, signal }).then((page) =>
        page.pagination.data.map((p) => ({ value: String(p.id), label: p.name })),
      ),
    retry: false,
    staleTime: 60_000,
    meta: { handledStatuses: 'all' },
  });
}
