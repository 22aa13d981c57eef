import type { GetCustomPageResponse } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

export type CustomPageResponse = GetCustomPageResponse;

/** The page's query; 401, 403 and 404 are handled by the route, not by the toast. */
export function customPageQuery(idOrSlug: string) {
  return {
    queryKey: queryKeys.customPages.detail(idOrSlug),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(endpoints.getCustomPage, { params: { idOrSlug }, signal }),
    meta: { handledStatuses: [401, 403, 404] },
  };
}

export function fetchCustomPage(idOrSlug: string): Promise<CustomPageResponse> {
  return queryClient.fetchQuery(customPageQuery(idOrSlug));
}
