import type { ParsedQs } from 'qs';
import { StripeApiError } from './api-error.ts';
import type { BillingFlows } from './billing-flows.ts';
import { buildBalance } from './stripe-objects.ts';
import type { MetadataInput, StripeStore } from './stripe-store.ts';

export type Params = ParsedQs;
type Value = ParsedQs[string];
export type Handler = (id: string, params: Params) => object | Promise<object>;
export type Route = { method: string; pattern: RegExp; handler: Handler };

export const text = (value: Value): string | undefined => (typeof value === 'string' ? value : undefined);

export const child = (value: Value): Params => {
  if (Array.isArray(value)) return typeof value[0] === 'object' ? (value[0] as Params) : {};
  return value && typeof value === 'object' ? value : {};
};

export function integer(value: Value, param: string): number | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new StripeApiError(400, `Invalid integer: ${raw}`, 'invalid_request_error', param);
  return Number(raw);
}

export function boolean(value: Value): boolean | undefined {
  const raw = text(value);
  return raw === undefined ? undefined : raw === 'true';
}

/** `metadata[key]=value` pairs; `metadata=` (empty) clears them all, as on Stripe. */
export function metadata(value: Value): MetadataInput | undefined {
  if (value === '') return null;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const pairs: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) pairs[key] = text(entry) ?? '';
  return pairs;
}

/** `expand[]=a` or `expand[0]=a`: qs answers an array or an index-keyed object. */
export function expandPaths(params: Params): string[] {
  const value = params.expand;
  if (typeof value === 'string') return [value];
  const entries = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  return entries.filter((entry): entry is string => typeof entry === 'string');
}

/** The /v1 routes Kosh calls, each one handler; anything else is answered 404 by the caller. */
export function buildRoutes(store: StripeStore, flows: BillingFlows): Route[] {
  const answer = <T extends Parameters<StripeStore['render']>[0]>(object: T, params: Params) =>
    store.expand(store.render(object), expandPaths(params));
  const productInput = (p: Params) => ({
    name: text(p.name),
    description: text(p.description),
    active: boolean(p.active),
    metadata: metadata(p.metadata),
  });
  const priceInput = (p: Params) => ({
    product: text(p.product),
    unitAmount: integer(p.unit_amount, 'unit_amount'),
    currency: text(p.currency),
    interval: text(child(p.recurring).interval),
    intervalCount: integer(child(p.recurring).interval_count, 'recurring[interval_count]'),
    active: boolean(p.active),
    metadata: metadata(p.metadata),
  });
  const route = (method: string, path: string, handler: Handler): Route => ({
    method,
    pattern: new RegExp(`^${path.replace(':id', '([^/]+)')}$`),
    handler,
  });

  return [
    route('POST', '/v1/products', (_, p) => answer(store.createProduct(productInput(p)), p)),
    route('POST', '/v1/products/:id', (id, p) => answer(store.updateProduct(id, productInput(p)), p)),
    route('GET', '/v1/products/:id', (id, p) => answer(store.get(store.products, 'product', id), p)),
    route('POST', '/v1/prices', (_, p) => answer(store.createPrice(priceInput(p)), p)),
    route('POST', '/v1/prices/:id', (id, p) => answer(store.updatePrice(id, priceInput(p)), p)),
    route('GET', '/v1/prices/:id', (id, p) => answer(store.get(store.prices, 'price', id), p)),
    route('POST', '/v1/customers', (_, p) => {
      const input = { email: text(p.email), name: text(p.name), metadata: metadata(p.metadata) };
      return answer(store.createCustomer(input), p);
    }),
    route('GET', '/v1/customers/:id', (id, p) => answer(store.get(store.customers, 'customer', id), p)),
    route('POST', '/v1/customers/:id', (id, p) =>
      answer(
        store.updateCustomer(id, { defaultPaymentMethod: text(child(p.invoice_settings).default_payment_method) }),
        p,
      ),
    ),
    route('GET', '/v1/setup_intents/:id', (id, p) => answer(store.get(store.setupIntents, 'setup_intent', id), p)),
    route('POST', '/v1/checkout/sessions', (_, p) => {
      const lineItem = child(p.line_items);
      const session = store.createSession({
        mode: text(p.mode),
        customer: text(p.customer),
        price: text(lineItem.price),
        quantity: integer(lineItem.quantity, 'line_items[0][quantity]'),
        successUrl: text(p.success_url),
        cancelUrl: text(p.cancel_url),
        clientReferenceId: text(p.client_reference_id),
        currency: text(p.currency),
        allowPromotionCodes: boolean(p.allow_promotion_codes),
        metadata: metadata(p.metadata),
        subscriptionMetadata: metadata(child(p.subscription_data).metadata),
        setupMetadata: metadata(child(p.setup_intent_data).metadata),
      });
      return answer(session, p);
    }),
    route('GET', '/v1/checkout/sessions/:id', (id, p) => answer(store.get(store.sessions, 'checkout.session', id), p)),
    route('GET', '/v1/subscriptions/:id', (id, p) => answer(store.get(store.subscriptions, 'subscription', id), p)),
    route('POST', '/v1/subscriptions/:id', async (id, p) => {
      const item = child(p.items);
      const sub = await flows.updateSubscription(id, {
        cancelAtPeriodEnd: boolean(p.cancel_at_period_end),
        metadata: metadata(p.metadata),
        defaultPaymentMethod: text(p.default_payment_method),
        itemId: text(item.id),
        price: text(item.price),
        prorationBehavior: text(p.proration_behavior),
        billingCycleAnchor: text(p.billing_cycle_anchor),
      });
      return answer(sub, p);
    }),
    route('DELETE', '/v1/subscriptions/:id', async (id, p) => answer(await flows.cancelSubscription(id), p)),
    route('GET', '/v1/payment_methods/:id', (id, p) => {
      return answer(store.get(store.paymentMethods, 'payment_method', id), p);
    }),
    route('POST', '/v1/invoices/create_preview', (_, p) => {
      const details = child(p.subscription_details);
      const item = child(details.items);
      const preview = flows.preview({
        customer: text(p.customer),
        subscription: text(p.subscription),
        itemId: text(item.id),
        price: text(item.price),
      });
      return answer(preview, p);
    }),
    route('GET', '/v1/invoices/:id', (id, p) => answer(store.get(store.invoices, 'invoice', id), p)),
    route('GET', '/v1/balance', () => buildBalance()),
  ];
}

/** Finds the route of a request: the handler and the id from the path, or undefined. */
export function matchRoute(routes: Route[], method: string, path: string) {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { handler: candidate.handler, id: decodeURIComponent(match[1] ?? '') };
  }
  return undefined;
}
