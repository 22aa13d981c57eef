import { useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminCancelSubscriptionBodySchema,
  AdminSubscriptionDetailSchema,
  AdminSubscriptionIdParamsSchema,
  AdminSubscriptionResponseSchema,
  AdminSubscriptionsPageSchema,
  AdminSubscriptionsQuerySchema,
  GrantSubscriptionBodySchema,
  type GrantSubscriptionBody,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import { adminEndpoints } from '../admin-endpoints.ts';
import type { ListQuery } from '../table/useAdminList.ts';

const params = AdminSubscriptionIdParamsSchema;

// The admin subscription routes, declared here with their schemas as the other admin screens do.
const subscriptionEndpoints = {
  list: {
    method: 'GET',
    path: 'admin/subscriptions',
    query: AdminSubscriptionsQuerySchema,
    response: AdminSubscriptionsPageSchema,
  },
  detail: { method: 'GET', path: 'admin/subscriptions/:id', params, response: AdminSubscriptionDetailSchema },
  grant: {
    method: 'POST',
    path: 'admin/subscriptions',
    body: GrantSubscriptionBodySchema,
    response: AdminSubscriptionResponseSchema,
  },
  cancel: {
    method: 'POST',
    path: 'admin/subscriptions/:id/cancel',
    params,
    body: AdminCancelSubscriptionBodySchema,
    response: AdminSubscriptionResponseSchema,
  },
  resume: { method: 'POST', path: 'admin/subscriptions/:id/resume', params, response: AdminSubscriptionResponseSchema },
} as const satisfies Record<string, EndpointDefinition>;

export const subscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  detail: (id: number) => ['admin', 'subscriptions', 'detail', id] as const,
};

/** One page of subscriptions (GET admin/subscriptions, subscriptions.update). */
export function fetchSubscriptions(query: ListQuery, signal: AbortSignal) {
  return call(subscriptionEndpoints.list, { query, signal });
}

/** One subscription with its invoices; the dialog shows a failure itself. */
export function useSubscriptionDetail(id: number | null) {
  return useQuery({
    queryKey: subscriptionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(subscriptionEndpoints.detail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    meta: { handledStatuses: 'all' },
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });

/** The user an email names, for a grant; undefined when none does. */
export async function userByEmail(email: string): Promise<number | undefined> {
  const page = await call(adminEndpoints.listAdminUsers, { query: { query: email, page: 1, perPage: 10 } });
  return page.pagination.data.find((u) => u.email.toLowerCase() === email.trim().toLowerCase())?.id;
}

/** Grants a plan until a day; the dialog shows 422 on its fields. */
export function useGrantSubscription() {
  return useMutation({
    mutationFn: (body: GrantSubscriptionBody) => call(subscriptionEndpoints.grant, { body }),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

/** Cancels (at the period's end or now) or renews; a refusal shows the server's message as a toast. */
export function useSubscriptionAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'end' | 'resume' }) =>
      action === 'resume'
        ? call(subscriptionEndpoints.resume, { params: { id } })
        : call(subscriptionEndpoints.cancel, { params: { id }, body: { at_period_end: action === 'cancel' } }),
    onSuccess: refresh,
  });
}
