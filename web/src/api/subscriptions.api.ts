import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChangePlanBody, ChangePlanConfirmBody, CheckoutBody } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { setBootstrapData } from '../shell/bootstrap-store.ts';
import { billingKeys } from './billing.api.ts';
import { call } from './call.ts';
import { driveKeys } from './drive.api.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** The calls of checkout and the billing page (spec part 2, 2 "Checkout and payment routes", "Billing routes"). */
export const billingApi = {
  gateways: (signal?: AbortSignal) => call(endpoints.listBillingGateways, { signal }),
  startCheckout: (body: CheckoutBody) => call(endpoints.startCheckout, { body }),
  confirmStripeCheckout: (sessionId: string) =>
    call(endpoints.confirmStripeCheckout, { body: { session_id: sessionId } }),
  confirmPayPalCheckout: (subscriptionId: string) =>
    call(endpoints.confirmPayPalCheckout, { body: { subscription_id: subscriptionId } }),
  currentSubscription: (signal?: AbortSignal) => call(endpoints.getCurrentSubscription, { signal }),
  cancel: () => call(endpoints.cancelSubscription),
  resume: () => call(endpoints.resumeSubscription),
  previewPlanChange: (body: ChangePlanBody, signal?: AbortSignal) =>
    call(endpoints.previewPlanChange, { body, signal }),
  changePlan: (body: ChangePlanConfirmBody) => call(endpoints.changePlan, { body }),
  startPaymentMethodChange: () => call(endpoints.startPaymentMethodChange),
  confirmPayPalPlanChange: (subscriptionId: string) =>
    call(endpoints.confirmPayPalPlanChange, { body: { subscription_id: subscriptionId } }),
  confirmPaymentMethodChange: (sessionId: string) =>
    call(endpoints.confirmPaymentMethodChange, { body: { session_id: sessionId } }),
  invoices: (page: number, perPage: number, signal?: AbortSignal) =>
    call(endpoints.listInvoices, { query: { page, per_page: perPage }, signal }),
};

/** The gateways checkout may offer; empty while billing is off or no gateway is configured. */
export function useBillingGateways() {
  return useQuery({
    queryKey: billingKeys.gateways,
    queryFn: ({ signal }) => billingApi.gateways(signal).then((r) => r.gateways),
    meta: { handledStatuses: 'all' },
  });
}

/** The signed-in user's subscription, or null; the billing screens show their own error state. */
export function useCurrentSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => billingApi.currentSubscription(signal).then((r) => r.subscription),
    meta: { handledStatuses: 'all' },
  });
}

/** One page of the user's invoices, newest first. */
export function useInvoices(page: number, perPage = 20) {
  return useQuery({
    queryKey: billingKeys.invoices(page, perPage),
    queryFn: ({ signal }) => billingApi.invoices(page, perPage, signal).then((r) => r.pagination),
    meta: { handledStatuses: 'all' },
  });
}

/**
 * Reloads the signed-in user into the bootstrap data after their subscription changed, so the
 * guards, the account menu's Billing entry and the storage meter see it.
 */
export async function refreshSubscribedUser(): Promise<void> {
  const fresh = await call(endpoints.getBootstrapData).catch(() => undefined);
  if (fresh?.user) {
    const user = fresh.user;
    setBootstrapData((prev) => (prev.user && prev.user.id === user.id ? { ...prev, user } : prev));
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: driveKeys.spaceUsage }),
    queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  ]);
}

/**
 * Asks the server for the gateway's hosted payment page; the caller sends the browser there.
 * The checkout page shows refusals (403, 409, 422, 502) itself.
 */
export function useStartCheckout() {
  return useMutation({ mutationFn: billingApi.startCheckout, meta: { handledStatuses: 'all' } });
}

/** Confirms a paid Stripe checkout, then reloads the user; the done page shows failures itself. */
/** The done route's confirmation with the gateway it came back from: Stripe's session or PayPal's subscription. */
export function useConfirmCheckout(gateway: 'stripe' | 'paypal') {
  return useMutation({
    mutationFn: gateway === 'paypal' ? billingApi.confirmPayPalCheckout : billingApi.confirmStripeCheckout,
    meta: { handledStatuses: 'all' },
    onSuccess: async ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      await refreshSubscribedUser();
    },
  });
}

/** Cancels at the end of the paid period; a refusal (404, 409) shows the server's message as a toast. */
export function useCancelSubscription() {
  return useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: async ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      await refreshSubscribedUser();
    },
  });
}

/** Renews a cancelled plan still in its paid period; a refusal shows the server's message as a toast. */
export function useResumeSubscription() {
  return useMutation({
    mutationFn: billingApi.resume,
    onSuccess: async ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      await refreshSubscribedUser();
    },
  });
}

/**
 * What moving to a plan costs today and when it renews, priced by the gateway; asked afresh each
 * time the confirm page opens (a proration goes stale). The page shows refusals itself.
 */
export function usePlanChangePreview(body: ChangePlanBody) {
  return useQuery({
    queryKey: billingKeys.planChange(body.product_id, body.price_id),
    queryFn: ({ signal }) => billingApi.previewPlanChange(body, signal).then((r) => r.preview),
    meta: { handledStatuses: 'all' },
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

/**
 * Moves to the previewed plan, then reloads the user (their plan's space and menus follow). Not
 * awaited: the reloaded listing no longer offers the plan just bought, which unmounts the confirm
 * page, and the caller's own success handler (its toast and the way back) must run before that.
 * A PayPal plan answers PayPal's approval page instead, which the caller goes to.
 */
export function useChangePlan() {
  return useMutation({
    mutationFn: billingApi.changePlan,
    meta: { handledStatuses: 'all' },
    onSuccess: ({ subscription }) => {
      if (!subscription) return;
      queryClient.setQueryData(billingKeys.subscription, subscription);
      void refreshSubscribedUser();
    },
  });
}

/** On return from PayPal's approval of a plan change: records it; the done page shows failures itself. */
export function useConfirmPayPalPlanChange() {
  return useMutation({
    mutationFn: billingApi.confirmPayPalPlanChange,
    meta: { handledStatuses: 'all' },
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      void refreshSubscribedUser();
    },
  });
}

/** Asks for Stripe's page that saves a new card; the page shows refusals itself. */
export function useStartPaymentMethodChange() {
  return useMutation({ mutationFn: billingApi.startPaymentMethodChange, meta: { handledStatuses: 'all' } });
}

/** On return from Stripe: the saved card becomes the plan's; the done page shows failures itself. */
export function useConfirmPaymentMethodChange() {
  return useMutation({
    mutationFn: billingApi.confirmPaymentMethodChange,
    meta: { handledStatuses: 'all' },
    onSuccess: ({ subscription }) => queryClient.setQueryData(billingKeys.subscription, subscription),
  });
}
