import type { WirePlan, WireSubscription } from './paypal-objects.ts';
import { regularCycle } from './paypal-objects.ts';
import type { Checkout } from './paypal-store.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** "$9.99 / month" or "€90.00 / 3 months" from a plan's REGULAR cycle. */
export function formatPlanPrice(plan: WirePlan): string {
  const { frequency, pricing_scheme: scheme } = regularCycle(plan);
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: scheme.fixed_price.currency_code });
  const unit = frequency.interval_unit.toLowerCase();
  const every = frequency.interval_count === 1 ? unit : `${frequency.interval_count} ${unit}s`;
  return `${format.format(Number(scheme.fixed_price.value))} / ${every}`;
}

export type ApprovalPageInput = {
  checkout: Checkout;
  subscription: WireSubscription;
  plan: WirePlan;
  /** Whether the subscriber may still agree (a new subscription, or a plan change not yet agreed to). */
  pending: boolean;
};

/** The stand-in's approval page (PayPal's `checkoutnow`): plain HTML a browser test can read and submit. */
export function renderApprovalPage({ checkout, subscription, plan, pending }: ApprovalPageInput): string {
  const action = `/checkoutnow?ba_token=${encodeURIComponent(checkout.baToken)}`;
  const merchant = checkout.brandName ? `<p>Subscribing with ${escapeHtml(checkout.brandName)}</p>` : '';
  const agree = checkout.revisePlanId ? 'Agree &amp; Continue' : 'Agree &amp; Subscribe';
  const lead = checkout.revisePlanId ? '<p>Change your subscription to this plan.</p>\n  ' : '';
  const body = pending
    ? `<form method="post" action="${escapeHtml(action)}">
  ${lead}<p>Signed in as buyer@example.com</p>
  <button type="submit">${agree}</button>
</form>
<p><a href="${escapeHtml(checkout.cancelUrl)}">Cancel and return</a></p>`
    : `<p>This subscription is ${escapeHtml(subscription.status.toLowerCase().replace('_', ' '))}.</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>PayPal stand-in checkout</title></head>
<body>
<h1>${escapeHtml(`${plan.name}: ${formatPlanPrice(plan)}`)}</h1>
${merchant}
${body}
</body>
</html>
`;
}

export const notFoundPage = '<!doctype html><title>Not found</title><h1>No such approval token</h1>\n';
