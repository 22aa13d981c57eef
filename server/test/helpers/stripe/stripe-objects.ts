import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

// Wire shapes of the stand-in: the SDK's own types, narrowed to the fields it answers, so a
// field renamed or moved by an SDK upgrade fails `tsc` here. Decimal fields travel as strings.
type List<T> = Stripe.ApiList<T>;

export type WireProduct = Pick<
  Stripe.Product,
  'id' | 'object' | 'active' | 'created' | 'updated' | 'description' | 'images' | 'livemode' | 'metadata' | 'name'
> & { type: 'service'; url: null; default_price: null };

export type WirePrice = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'created' | 'currency' | 'livemode' | 'lookup_key' | 'metadata' | 'nickname' | 'type'
> & {
  product: string;
  billing_scheme: 'per_unit';
  recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number; usage_type: 'licensed' } | null;
  unit_amount: number;
  unit_amount_decimal: string;
};

export type WireCustomer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'balance' | 'created' | 'description' | 'email' | 'livemode' | 'metadata' | 'name'
> & {
  default_source: null;
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null };
};

export type WirePaymentMethod = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'created' | 'livemode' | 'type'> & {
  customer: string | null;
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'country' | 'exp_month' | 'exp_year' | 'funding' | 'last4'>;
  billing_details: { email: null; name: null; phone: null; address: null };
};

/** The intent a setup-mode Checkout leaves: the card it saved, which the merchant then puts to use. */
export type WireSetupIntent = Pick<Stripe.SetupIntent, 'id' | 'object' | 'created' | 'livemode' | 'usage'> & {
  customer: string;
  payment_method: string;
  status: 'succeeded';
  metadata: Record<string, string>;
};

export type WireSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & {
  customer: string | null;
  subscription: string | WireSubscription | null;
  setup_intent: string | null;
  invoice: string | null;
  ui_mode: 'hosted';
};

export type WireSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_start' | 'current_period_end' | 'metadata' | 'subscription'
> & { price: WirePrice; quantity: number; discounts: []; tax_rates: [] };

export type WireSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
  | 'trial_end'
  | 'trial_start'
> & {
  customer: string;
  default_payment_method: string | WirePaymentMethod | null;
  latest_invoice: string | null;
  items: List<WireSubscriptionItem>;
};

export type WireInvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  'id' | 'object' | 'amount' | 'currency' | 'description' | 'livemode' | 'metadata' | 'period' | 'quantity' | 'subtotal'
> & {
  invoice: string | null;
  subscription: string | null;
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { subscription: string; subscription_item: string; proration: boolean };
  };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
};

export type WireInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'hosted_invoice_url'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
> & {
  customer: string;
  lines: List<WireInvoiceLine>;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-like id: the prefix, then 24 letters and digits (no `-` or `_`, as Stripe's). */
export function newId(prefix: string): string {
  const suffix = [...randomBytes(24)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  return `${prefix}_${suffix}`;
}

/** Adds `count` intervals to a Unix time, by calendar for months and years (as Stripe bills). */
export function addInterval(unix: number, interval: Stripe.Price.Recurring.Interval, count: number): number {
  const date = new Date(unix * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

export type WireBalance = Pick<Stripe.Balance, 'object' | 'livemode'> & {
  available: Array<{ amount: number; currency: string }>;
  pending: Array<{ amount: number; currency: string }>;
};

/** The account's balance: nothing earned yet, in rupees (the check of a secret key reads it). */
export function buildBalance(): WireBalance {
  return {
    object: 'balance',
    available: [{ amount: 0, currency: 'inr' }],
    pending: [{ amount: 0, currency: 'inr' }],
    livemode: false,
  };
}

export function list<T>(data: T[], url: string): List<T> {
  return { object: 'list', data, has_more: false, url };
}

export function buildPaymentMethod(card: string, customer: string | null, now: number): WirePaymentMethod {
  const digits = card.replace(/\D/g, '');
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    created: now,
    livemode: false,
    customer,
    card: {
      brand: 'visa',
      country: 'US',
      exp_month: 12,
      exp_year: new Date(now * 1000).getUTCFullYear() + 3,
      funding: 'credit',
      last4: digits.slice(-4).padStart(4, '0'),
    },
    billing_details: { email: null, name: null, phone: null, address: null },
  };
}

export type LineInput = {
  invoiceId: string;
  subscription: WireSubscription;
  item: WireSubscriptionItem;
  price: WirePrice;
  amount: number;
  period: { start: number; end: number };
  isProration: boolean;
  description?: string;
};

export function buildLine(input: LineInput): WireInvoiceLine {
  const { price, amount, subscription } = input;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    subtotal: amount,
    currency: price.currency,
    description: input.description ?? `1 × ${price.product} (at ${price.unit_amount} / ${price.recurring?.interval})`,
    livemode: false,
    metadata: {},
    period: input.period,
    quantity: 1,
    invoice: input.invoiceId,
    subscription: subscription.id,
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: {
        subscription: subscription.id,
        subscription_item: input.item.id,
        proration: input.isProration,
      },
    },
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(price.unit_amount),
    },
  };
}

export type InvoiceInput = {
  subscription: WireSubscription;
  item: WireSubscriptionItem;
  amount: number;
  periodStart: number;
  periodEnd: number;
  isPaid: boolean;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'upcoming';
  now: number;
  id?: string;
  /** Lines other than the one charge of the item's price for the period (a proration's credit and charge). */
  lines?: (invoiceId: string) => WireInvoiceLine[];
};

/** An invoice of one subscription, paid or open (a failed attempt). */
export function buildInvoice(input: InvoiceInput): WireInvoice {
  const { subscription, item, amount, now, isPaid } = input;
  const id = input.id ?? newId('in');
  const period = { start: input.periodStart, end: input.periodEnd };
  const lines = input.lines
    ? input.lines(id)
    : [buildLine({ invoiceId: id, subscription, item, price: item.price, amount, period, isProration: false })];
  return {
    id,
    object: 'invoice',
    customer: subscription.customer,
    amount_due: amount,
    amount_paid: isPaid ? amount : 0,
    amount_remaining: isPaid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: item.price.currency,
    hosted_invoice_url: null,
    livemode: false,
    metadata: {},
    next_payment_attempt: isPaid ? null : now + 3 * 86_400,
    period_start: period.start,
    period_end: period.end,
    status: isPaid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: isPaid ? now : null,
      voided_at: null,
    },
    subtotal: amount,
    total: amount,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
  };
}
