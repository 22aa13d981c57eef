import { useQuery } from '@tanstack/react-query';
import { GUEST_PRODUCTS_KEY } from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';

// The pricing page's plans: loaded by the public pages (landing, pricing), so this module stays
// light; checkout and the billing pages' calls are in subscriptions.api.ts.

/** Query keys of billing (STYLE.md "Web": a key factory per area). */
export const billingKeys = {
  all: ['billing'] as const,
  /** Per user: a subscriber is offered only plans with more space (spec part 2, 5). */
  products: (userId: number | null) =>
    userId === null ? GUEST_PRODUCTS_KEY : (['billing', 'products', userId] as const),
  gateways: ['billing', 'gateways'] as const,
  subscription: ['billing', 'subscription'] as const,
  invoices: (page: number, perPage: number) => ['billing', 'invoices', page, perPage] as const,
  planChange: (productId: number, priceId: number) => ['billing', 'plan-change', productId, priceId] as const,
};

/**
 * The plans of the pricing page (GET billing/products, loader pricingPage; spec part 2, 7).
 * Screens show their own error state, so a failure raises no toast.
 */
export function productsQuery(userId: number | null = null) {
  return {
    queryKey: billingKeys.products(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(endpoints.listProducts, { query: { loader: 'pricingPage' }, signal }).then((r) => r.pagination.data),
    meta: { handledStatuses: 'all' as const },
  };
}

export function useProducts(userId: number | null) {
  return useQuery(productsQuery(userId));
}
