import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminPlan, SaveProductBody } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { billingKeys } from '../../api/billing.api.ts';
import { queryClient } from '../../api/query-client.ts';

/** Query keys of the plans screens; the pricing page's listing is read again after a change too. */
export const planKeys = {
  all: ['admin', 'plans'] as const,
  list: ['admin', 'plans', 'list'] as const,
};

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  ]);

/** Every plan, hidden ones too, by position, with its subscribers. */
export function useAdminPlans() {
  return useQuery({
    queryKey: planKeys.list,
    queryFn: ({ signal }) => call(endpoints.listAdminPlans, { signal }).then((r) => r.plans),
  });
}

/** Creates (no id) or replaces a plan; the form shows 422s on its fields. */
export function useSavePlan() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveProductBody }) =>
      (id === null
        ? call(endpoints.createProduct, { body })
        : call(endpoints.updateProduct, { params: { productId: id }, body })
      ).then((r) => r.product),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

/** Deletes a plan; the dialog shows the 409 of the free plan or a plan with subscribers. */
export function useDeletePlan() {
  return useMutation({
    mutationFn: (id: number) => call(endpoints.deleteProduct, { params: { productId: id } }),
    meta: { handledStatuses: [409] },
    onSuccess: refresh,
  });
}

/** Saves a new order at once on screen (optimistic); a refusal puts the server's order back. */
export function useReorderPlans() {
  return useMutation({
    mutationFn: (plans: AdminPlan[]) => call(endpoints.reorderAdminPlans, { body: { ids: plans.map((p) => p.id) } }),
    onMutate: async (plans) => {
      await queryClient.cancelQueries({ queryKey: planKeys.list });
      queryClient.setQueryData<AdminPlan[]>(
        planKeys.list,
        plans.map((p, position) => ({ ...p, position })),
      );
    },
    onSettled: refresh,
  });
}

/** Pushes every plan and price to Stripe; the server's refusal (not configured, unreachable) is toasted. */
export function useSyncPlans() {
  return useMutation({ mutationFn: () => call(endpoints.syncAdminPlans, {}), onSuccess: refresh });
}
