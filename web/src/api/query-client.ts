import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '@kosh/contracts';
import { NO_RETRY_STATUSES, QUERY_MAX_RETRIES, QUERY_STALE_TIME_MS } from '@kosh/contracts/constants';
import { isApiError } from './api-error.ts';
import { showHttpErrorToast } from './error-handler.ts';

/** Query/mutation meta: statuses or error codes the caller handles itself, or 'all'. */
export type ErrorMeta = { handledStatuses?: number[] | 'all'; handledCodes?: ErrorCode[] };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** Retried up to 2 times, never after 401, 403 or 404 (part 1, 7.1). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (NO_RETRY_STATUSES as readonly number[]).includes(error.status)) return false;
  if (isApiError(error) && error.status === 422) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

/** Whether the general handler should report this error (the caller did not claim it). */
export function isHandledByCaller(error: unknown, meta: ErrorMeta | undefined): boolean {
  const handled = meta?.handledStatuses;
  if (handled === 'all') return true;
  if (!isApiError(error)) return false;
  if (handled?.includes(error.status)) return true;
  return !!error.code && !!meta?.handledCodes?.includes(error.code);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isHandledByCaller(error, query.meta)) showHttpErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!isHandledByCaller(error, mutation.meta)) showHttpErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
