import type Stripe from 'stripe';
import { StripeApiError, invalidParam, parameterMissing, resourceMissing } from './api-error.ts';
import {
  newId,
  type WireCustomer,
  type WireInvoice,
  type WirePaymentMethod,
  type WirePrice,
  type WireProduct,
  type WireSession,
  type WireSetupIntent,
  type WireSubscription,
} from './stripe-objects.ts';

/** New metadata keys to merge; a key set to '' is removed; null clears all (Stripe's `metadata=`). */
export type MetadataInput = Record<string, string> | null;

export type ProductInput = { name?: string; description?: string; active?: boolean; metadata?: MetadataInput };

export type PriceInput = {
  product?: string;
  unitAmount?: number;
  currency?: string;
  interval?: string;
  intervalCount?: number;
  active?: boolean;
  metadata?: MetadataInput;
};

export type CustomerInput = { email?: string; name?: string; metadata?: MetadataInput };

export type SessionInput = {
  mode?: string;
  customer?: string;
  price?: string;
  quantity?: number;
  successUrl?: string;
  cancelUrl?: string;
  clientReferenceId?: string;
  currency?: string;
  allowPromotionCodes?: boolean;
  metadata?: MetadataInput;
  subscriptionMetadata?: MetadataInput;
  setupMetadata?: MetadataInput;
};

/** What a session needs at completion that its wire object does not show. */
export type SessionExtras = {
  price: string | null;
  subscriptionMetadata: Record<string, string>;
  setupMetadata: Record<string, string>;
};

type Stored =
  | WireProduct
  | WirePrice
  | WireCustomer
  | WirePaymentMethod
  | WireSession
  | WireSubscription
  | WireInvoice
  | WireSetupIntent;

const INTERVALS: Stripe.Price.Recurring.Interval[] = ['day', 'week', 'month', 'year'];

export function mergeMetadata(current: Record<string, string>, input: MetadataInput | undefined) {
  if (input === undefined) return current;
  if (input === null) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The stand-in's state: every object by id, as Stripe would answer it. */
export class StripeStore {
  readonly products = new Map<string, WireProduct>();
  readonly prices = new Map<string, WirePrice>();
  readonly customers = new Map<string, WireCustomer>();
  readonly paymentMethods = new Map<string, WirePaymentMethod>();
  readonly sessions = new Map<string, WireSession>();
  readonly sessionExtras = new Map<string, SessionExtras>();
  readonly subscriptions = new Map<string, WireSubscription>();
  readonly invoices = new Map<string, WireInvoice>();
  readonly setupIntents = new Map<string, WireSetupIntent>();

  readonly now: () => number;
  private readonly baseUrl: () => string;

  constructor(now: () => number, baseUrl: () => string) {
    this.now = now;
    this.baseUrl = baseUrl;
  }

  get<T>(map: Map<string, T>, kind: string, id: string, param = 'id'): T {
    const found = map.get(id);
    if (!found) throw resourceMissing(kind, id, param);
    return found;
  }

  createProduct(input: ProductInput): WireProduct {
    if (!input.name) throw parameterMissing('name');
    const now = this.now();
    const product: WireProduct = {
      id: newId('prod'),
      object: 'product',
      active: input.active ?? true,
      created: now,
      updated: now,
      default_price: null,
      description: input.description ?? null,
      images: [],
      livemode: false,
      metadata: mergeMetadata({}, input.metadata),
      name: input.name,
      type: 'service',
      url: null,
    };
    this.products.set(product.id, product);
    return product;
  }

  updateProduct(id: string, input: ProductInput): WireProduct {
    const product = this.get(this.products, 'product', id);
    if (input.name !== undefined) product.name = input.name;
    if (input.description !== undefined) product.description = input.description || null;
    if (input.active !== undefined) product.active = input.active;
    product.metadata = mergeMetadata(product.metadata, input.metadata);
    product.updated = this.now();
    return product;
  }

  createPrice(input: PriceInput): WirePrice {
    if (!input.product) throw parameterMissing('product');
    this.get(this.products, 'product', input.product, 'product');
    if (input.unitAmount === undefined) throw parameterMissing('unit_amount');
    if (!input.currency) throw parameterMissing('currency');
    const interval = INTERVALS.find((known) => known === input.interval);
    if (input.interval !== undefined && !interval) throw invalidParam('recurring[interval]', 'Invalid interval.');
    const price: WirePrice = {
      id: newId('price'),
      object: 'price',
      active: input.active ?? true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: input.currency.toLowerCase(),
      livemode: false,
      lookup_key: null,
      metadata: mergeMetadata({}, input.metadata),
      nickname: null,
      product: input.product,
      recurring: interval ? { interval, interval_count: input.intervalCount ?? 1, usage_type: 'licensed' } : null,
      type: interval ? 'recurring' : 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  /** Stripe prices are immutable in amount, currency and interval: only `active` and metadata change. */
  updatePrice(id: string, input: PriceInput): WirePrice {
    const price = this.get(this.prices, 'price', id);
    if (input.unitAmount !== undefined || input.currency !== undefined || input.interval !== undefined) {
      throw new StripeApiError(400, 'Received unknown parameter: unit_amount', 'invalid_request_error', 'unit_amount');
    }
    if (input.active !== undefined) price.active = input.active;
    price.metadata = mergeMetadata(price.metadata, input.metadata);
    return price;
  }

  createCustomer(input: CustomerInput): WireCustomer {
    const customer: WireCustomer = {
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: this.now(),
      default_source: null,
      description: null,
      email: input.email ?? null,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      livemode: false,
      metadata: mergeMetadata({}, input.metadata),
      name: input.name ?? null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** customers.update: the invoice settings' default payment method (a card of this customer). */
  updateCustomer(id: string, input: { defaultPaymentMethod?: string }): WireCustomer {
    const customer = this.get(this.customers, 'customer', id);
    if (input.defaultPaymentMethod !== undefined) {
      const method = this.get(
        this.paymentMethods,
        'payment_method',
        input.defaultPaymentMethod,
        'invoice_settings[default_payment_method]',
      );
      if (method.customer !== id)
        throw invalidParam('invoice_settings[default_payment_method]', 'The payment method is not this customer’s.');
      customer.invoice_settings.default_payment_method = method.id;
    }
    return customer;
  }

  createSession(input: SessionInput): WireSession {
    if (input.mode !== 'subscription' && input.mode !== 'setup') {
      throw input.mode ? invalidParam('mode', `Unsupported mode: ${input.mode}.`) : parameterMissing('mode');
    }
    if (!input.successUrl) throw parameterMissing('success_url');
    if (input.customer) this.get(this.customers, 'customer', input.customer, 'customer');
    let price: WirePrice | undefined;
    if (input.mode === 'subscription') {
      if (!input.price) throw parameterMissing('line_items');
      price = this.get(this.prices, 'price', input.price, 'line_items[0][price]');
      if (!price.recurring) {
        throw invalidParam(
          'line_items[0][price]',
          'You must provide at least one recurring price in subscription mode.',
        );
      }
      if (!price.active) throw invalidParam('line_items[0][price]', `The price specified is inactive.`);
    }
    const id = newId('cs_test');
    const now = this.now();
    const amount = price ? price.unit_amount * (input.quantity ?? 1) : null;
    const session: WireSession = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: input.allowPromotionCodes ?? null,
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: input.cancelUrl ?? null,
      client_reference_id: input.clientReferenceId ?? null,
      created: now,
      currency: price?.currency ?? input.currency ?? null,
      customer: input.customer ?? null,
      expires_at: now + 86_400,
      invoice: null,
      livemode: false,
      metadata: mergeMetadata({}, input.metadata),
      mode: input.mode,
      payment_method_types: ['card'],
      payment_status: input.mode === 'setup' ? 'no_payment_required' : 'unpaid',
      setup_intent: input.mode === 'setup' ? newId('seti') : null,
      status: 'open',
      subscription: null,
      success_url: input.successUrl,
      ui_mode: 'hosted',
      url: `${this.baseUrl()}/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.sessionExtras.set(id, {
      price: price?.id ?? null,
      subscriptionMetadata: mergeMetadata({}, input.subscriptionMetadata),
      setupMetadata: mergeMetadata({}, input.setupMetadata),
    });
    return session;
  }

  /** A copy to answer or to put in an event: subscription items carry the price as it is now. */
  render<T extends Stored>(object: T): T {
    const copy = structuredClone(object);
    if (copy.object === 'subscription') {
      for (const item of copy.items.data) item.price = structuredClone(this.prices.get(item.price.id) ?? item.price);
    }
    return copy;
  }

  /** Inlines the objects named by `expand` paths (`subscription`, `subscription.default_payment_method`, ...). */
  expand<T extends Stored>(object: T, paths: string[]): T {
    for (const path of paths) this.expandPath(object, path.split('.'));
    return object;
  }

  private expandPath(target: object, [head, ...rest]: string[]): void {
    const record = target as Record<string, unknown>;
    let value = record[head];
    if (typeof value === 'string') {
      const found = this.lookup(value);
      if (!found) return;
      value = this.render(found);
      record[head] = value;
    }
    if (!rest.length || !value || typeof value !== 'object') return;
    const data = (value as { object?: unknown; data?: unknown }).data;
    if (rest[0] === 'data' && Array.isArray(data)) {
      for (const item of data) this.expandPath(item, rest.slice(1));
    } else this.expandPath(value, rest);
  }

  private lookup(id: string): Stored | undefined {
    const maps: Array<[string, Map<string, Stored>]> = [
      ['prod_', this.products],
      ['price_', this.prices],
      ['cus_', this.customers],
      ['pm_', this.paymentMethods],
      ['cs_', this.sessions],
      ['sub_', this.subscriptions],
      ['in_', this.invoices],
      ['seti_', this.setupIntents],
    ];
    return maps.find(([prefix]) => id.startsWith(prefix))?.[1].get(id);
  }
}
