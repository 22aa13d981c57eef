import { useMutation } from '@tanstack/react-query';
import type { CreateCouponBody, UpdateCouponBody } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import type { ListQuery } from '../table/useAdminList.ts';

/** Query keys of the Discount screen. */
export const couponKeys = {
  all: ['admin', 'coupons'] as const,
  list: ['admin', 'coupons', 'list'] as const,
};

export const fetchCoupons = (query: ListQuery, signal: AbortSignal) => call(endpoints.listCoupons, { query, signal });

const refresh = () => queryClient.invalidateQueries({ queryKey: couponKeys.all });

/** Creates a coupon (and its code at Stripe); the form shows 422s on its fields. */
export function useCreateCoupon() {
  return useMutation({
    mutationFn: (body: CreateCouponBody) => call(endpoints.createCoupon, { body }).then((r) => r.coupon),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

/** Renames a coupon or turns its code on or off. */
export function useUpdateCoupon() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCouponBody }) =>
      call(endpoints.updateCoupon, { params: { couponId: id }, body }).then((r) => r.coupon),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

/** Ends the code and deletes the coupon at Stripe; a refusal is toasted. */
export function useDeleteCoupon() {
  return useMutation({
    mutationFn: (id: number) => call(endpoints.deleteCoupon, { params: { couponId: id } }),
    onSuccess: refresh,
  });
}

/** Reads back redemptions from Stripe; a refusal (not configured, unreachable) is toasted. */
export function useSyncCoupons() {
  return useMutation({ mutationFn: () => call(endpoints.syncCoupons, {}), onSuccess: refresh });
}
