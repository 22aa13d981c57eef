import type { BillingSubscription, Invoice, PaymentMethod, SubscriptionState } from '@kosh/contracts';

/** A translatable line and the date that fills its :date (formatted by the screen). */
export type DatedLine = { message: string; date?: string };

type Dates = Pick<BillingSubscription, 'state' | 'renews_at' | 'ends_at' | 'trial_ends_at'>;

const STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  incomplete: 'Incomplete',
  cancelled: 'Cancelled',
  ended: 'Ended',
};

/** The badge of the billing page's current plan card. */
export function subscriptionStateLabel(state: SubscriptionState): string {
  return STATE_LABELS[state];
}

/** The tone of that badge: good news, a problem, or neither. */
export function subscriptionStateTone(state: SubscriptionState): 'positive' | 'primary' | 'danger' | 'muted' {
  if (state === 'active') return 'positive';
  if (state === 'trialing') return 'primary';
  if (state === 'past_due' || state === 'incomplete') return 'danger';
  return 'muted';
}

/** The line under the plan: when it renews, when it ends, or what is wrong. */
export function subscriptionStatusLine(s: Dates): DatedLine | undefined {
  switch (s.state) {
    case 'active':
      return s.renews_at ? { message: 'Renews on :date', date: s.renews_at } : undefined;
    case 'trialing': {
      const date = s.trial_ends_at ?? s.renews_at;
      return date ? { message: 'Trial ends on :date', date } : undefined;
    }
    case 'past_due':
      return { message: 'Your last payment failed. Update your card to keep your plan.' };
    case 'incomplete':
      return { message: 'The payment has not been completed.' };
    case 'cancelled':
      return s.ends_at ? { message: 'Ends on :date', date: s.ends_at } : undefined;
    case 'ended':
      return s.ends_at ? { message: 'Ended on :date', date: s.ends_at } : undefined;
  }
}

/** A plan that renews can be cancelled (at the end of its paid period). */
export function canCancel(state: SubscriptionState): boolean {
  return state === 'active' || state === 'trialing' || state === 'past_due';
}

/** A cancelled plan still in its paid period can be renewed. */
/** A bigger plan can be chosen while the plan is active or on trial (not while a payment is owed or it ends). */
export function canChangePlan(state: SubscriptionState): boolean {
  return state === 'active' || state === 'trialing';
}

export function canResume(state: SubscriptionState): boolean {
  return state === 'cancelled';
}

/** Whether the billing pages have something to show; otherwise the user is sent to /pricing. */
export function hasBillingPage<S extends Pick<BillingSubscription, 'state'>>(
  subscription: S | null | undefined,
): subscription is S {
  return !!subscription && subscription.state !== 'ended';
}

/** Until when a cancelled plan is kept: the end of the period already paid for (or of the trial). */
export function paidUntil(s: Dates): string | null {
  if (s.state === 'trialing') return s.trial_ends_at ?? s.renews_at ?? s.ends_at;
  return s.renews_at ?? s.ends_at ?? s.trial_ends_at;
}

/** The lines of the cancel confirmation (dialog and /billing/cancel). */
export function cancelConfirmationLine(s: Dates): DatedLine {
  const date = paidUntil(s);
  return date
    ? {
        message:
          'You keep :plan until :date. After that your storage returns to the free allowance; no files are deleted.',
        date,
      }
    : {
        message:
          'You keep :plan until the end of the paid period. After that your storage returns to the free ' +
          'allowance; no files are deleted.',
      };
}

/** The line of the renew confirmation (/billing/renew). */
export function renewConfirmationLine(s: Dates): DatedLine {
  const date = s.ends_at ?? s.renews_at;
  return date
    ? { message: 'Your plan :plan will continue and renew on :date.', date }
    : { message: 'Your plan :plan will continue and renew at the end of the paid period.' };
}

const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card brand as people write it ('visa' -> 'Visa'); unknown brands get a capital letter. */
export function cardBrandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : brand;
}

/** The payment method card's line and its values. */
export function paymentMethodLine(
  method: PaymentMethod | null,
  gateway: BillingSubscription['gateway'] = 'stripe',
): {
  message: string;
  values?: { brand: string; last4: string };
} {
  // PayPal keeps the subscriber's funding source to itself; Kosh only knows PayPal pays.
  if (gateway === 'paypal') return { message: 'Paid with PayPal' };
  if (!method) return { message: 'No card on file' };
  return { message: ':brand ending in :last4', values: { brand: cardBrandName(method.brand), last4: method.last4 } };
}

/** An invoice's status as listed. */
export function invoiceStatusLabel(status: Invoice['status']): string {
  return status === 'paid' ? 'Paid' : 'Failed';
}

/** The date an invoice is listed under: when it was paid, else when it was issued. */
export function invoiceDate(invoice: Pick<Invoice, 'paid_at' | 'created_at'>): string {
  return invoice.paid_at ?? invoice.created_at;
}
