import { randomBytes } from 'node:crypto';

export type Money = { currency_code: string; value: string };
export type Link = { href: string; rel: string; method: 'GET' | 'POST' | 'PATCH' };
export type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export type WireProduct = {
  id: string;
  name: string;
  description?: string;
  type: string;
  category?: string;
  image_url?: string;
  home_url?: string;
  create_time: string;
  update_time: string;
  links: Link[];
};

export type WireBillingCycle = {
  frequency: { interval_unit: IntervalUnit; interval_count: number };
  tenure_type: 'REGULAR' | 'TRIAL';
  sequence: number;
  total_cycles: number;
  pricing_scheme: { version: number; fixed_price: Money; create_time: string; update_time: string };
};

export type WirePlan = {
  id: string;
  product_id: string;
  name: string;
  status: 'CREATED' | 'ACTIVE' | 'INACTIVE';
  description?: string;
  usage_type: 'LICENSED';
  billing_cycles: WireBillingCycle[];
  payment_preferences: {
    service_type: 'PREPAID';
    auto_bill_outstanding: boolean;
    setup_fee: Money;
    setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
    payment_failure_threshold: number;
  };
  quantity_supported: boolean;
  create_time: string;
  update_time: string;
  links: Link[];
};

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export type WireSubscription = {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  start_time: string;
  custom_id?: string;
  quantity: string;
  shipping_amount: Money;
  plan_overridden: boolean;
  subscriber?: {
    email_address: string;
    payer_id: string;
    name: { given_name: string; surname: string };
  };
  billing_info?: {
    outstanding_balance: Money;
    cycle_executions: {
      tenure_type: 'REGULAR';
      sequence: number;
      cycles_completed: number;
      cycles_remaining: number;
      current_pricing_scheme_version: number;
      total_cycles: number;
    }[];
    last_payment?: { amount: Money; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
    last_failed_payment?: { amount: Money; time: string; reason_code: 'PAYMENT_DENIED' };
  };
  create_time: string;
  update_time: string;
  links: Link[];
};

export type WireSale = {
  id: string;
  state: 'completed';
  amount: { total: string; currency: string; details: { subtotal: string } };
  payment_mode: 'INSTANT_TRANSFER';
  billing_agreement_id: string;
  custom?: string;
  create_time: string;
  update_time: string;
  links: Link[];
};

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A PayPal-like id: the prefix, then `length` upper-case letters and digits (`PROD-…`, `I-…`, `PAYER…`). */
export function newId(prefix: string, length = 17): string {
  return prefix + [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** ISO 8601 to the second, as PayPal writes times: `2026-11-01T00:00:00Z`. */
export const isoTime = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Adds `count` intervals to a time, by calendar for months and years. */
export function addInterval(iso: string, unit: IntervalUnit, count: number): string {
  const date = new Date(iso);
  if (unit === 'DAY') date.setUTCDate(date.getUTCDate() + count);
  if (unit === 'WEEK') date.setUTCDate(date.getUTCDate() + 7 * count);
  if (unit === 'MONTH') date.setUTCMonth(date.getUTCMonth() + count);
  if (unit === 'YEAR') date.setUTCFullYear(date.getUTCFullYear() + count);
  return isoTime(date);
}

/** The cycle a subscription bills over and over: the plan's first REGULAR one. */
export function regularCycle(plan: WirePlan): WireBillingCycle {
  const cycle = plan.billing_cycles.find((candidate) => candidate.tenure_type === 'REGULAR');
  if (!cycle) throw new Error(`plan ${plan.id} has no REGULAR billing cycle`);
  return cycle;
}

/** The links PayPal lists on a subscription, which depend on its status. */
export function subscriptionLinks(baseUrl: string, sub: WireSubscription, approveUrl: string): Link[] {
  const self = `${baseUrl}/v1/billing/subscriptions/${sub.id}`;
  const links: Link[] = [];
  if (sub.status === 'APPROVAL_PENDING') links.push({ href: approveUrl, rel: 'approve', method: 'GET' });
  if (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED') {
    links.push({ href: `${self}/cancel`, rel: 'cancel', method: 'POST' });
  }
  links.push({ href: self, rel: 'edit', method: 'PATCH' }, { href: self, rel: 'self', method: 'GET' });
  if (sub.status === 'ACTIVE') links.push({ href: `${self}/suspend`, rel: 'suspend', method: 'POST' });
  if (sub.status === 'SUSPENDED') links.push({ href: `${self}/activate`, rel: 'activate', method: 'POST' });
  return links;
}

export function planLinks(baseUrl: string, plan: WirePlan): Link[] {
  const self = `${baseUrl}/v1/billing/plans/${plan.id}`;
  const toggle = plan.status === 'ACTIVE' ? 'deactivate' : 'activate';
  return [
    { href: self, rel: 'self', method: 'GET' },
    { href: self, rel: 'edit', method: 'PATCH' },
    { href: `${self}/${toggle}`, rel: toggle, method: 'POST' },
  ];
}

export function productLinks(baseUrl: string, product: WireProduct): Link[] {
  const self = `${baseUrl}/v1/catalogs/products/${product.id}`;
  return [
    { href: self, rel: 'self', method: 'GET' },
    { href: self, rel: 'edit', method: 'PATCH' },
  ];
}
