import type { CustomPage } from '@kosh/contracts';
import { http } from './http.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

export type CustomPageResponse = { page: CustomPage };

/** The page's query; 401, 403 and 404 are handled by the route, not by the toast. */
export function customPageQuery(idOrSlug: string) {
  return {
    queryKey: queryKeys.customPages.detail(idOrSlug),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      http.get<CustomPageResponse>(`custom-pages/${encodeURIComponent(idOrSlug)}`, undefined, signal),
    meta: { handledStatuses: [401, 403, 404] },
  };
}

export function fetchCustomPage(idOrSlug: string): Promise<CustomPageResponse> {
  return queryClient.fetchQuery(customPageQuery(idOrSlug));
}
