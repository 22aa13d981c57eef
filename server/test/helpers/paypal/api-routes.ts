import type { BillingFlows } from './billing-flows.ts';
import { type JsonObject, objectAt, optionalText, requiredText } from './json-input.ts';
import { missingField } from './paypal-error.ts';
import type { PayPalStore } from './paypal-store.ts';
import type { WebhookSigner } from './webhook-signature.ts';

export type Reply = { status: number; body?: object };
type Handler = (id: string, body: unknown) => Reply | Promise<Reply>;
type Route = { method: string; pattern: RegExp; handler: Handler };

const ok = (body: object): Reply => ({ status: 200, body });
const created = (body: object): Reply => ({ status: 201, body });
const NO_CONTENT: Reply = { status: 204 };

/** The REST routes Kosh calls behind the bearer token, each one handler; anything else is a 404 by the caller. */
export function buildRoutes(store: PayPalStore, flows: BillingFlows, signer: WebhookSigner, certUrl: () => string) {
  const route = (method: string, path: string, handler: Handler): Route => ({
    method,
    pattern: new RegExp(`^${path.replace(':id', '([^/]+)')}$`),
    handler,
  });
  const reason = (body: unknown): string => requiredText(objectAt(body), 'reason');
  const subscriptions = '/v1/billing/subscriptions';

  return [
    route('POST', '/v1/catalogs/products', (_, body) => created(store.render(store.createProduct(objectAt(body))))),
    route('GET', '/v1/catalogs/products/:id', (id) => ok(store.render(store.get(store.products, id)))),
    route('PATCH', '/v1/catalogs/products/:id', (id, body) => {
      store.patchProduct(id, body);
      return NO_CONTENT;
    }),
    route('POST', '/v1/billing/plans', (_, body) => created(store.render(store.createPlan(objectAt(body))))),
    route('GET', '/v1/billing/plans/:id', (id) => ok(store.render(store.get(store.plans, id)))),
    route('POST', '/v1/billing/plans/:id/activate', (id) => {
      store.setPlanStatus(id, 'ACTIVE');
      return NO_CONTENT;
    }),
    route('POST', '/v1/billing/plans/:id/deactivate', (id) => {
      store.setPlanStatus(id, 'INACTIVE');
      return NO_CONTENT;
    }),
    route('POST', subscriptions, (_, body) => {
      const { subscription } = store.createSubscription(objectAt(body));
      return created(store.render(subscription));
    }),
    route('GET', `${subscriptions}/:id`, (id) => ok(store.render(store.get(store.subscriptions, id)))),
    route('POST', `${subscriptions}/:id/cancel`, async (id, body) => {
      await flows.cancel(id, reason(body));
      return NO_CONTENT;
    }),
    route('POST', `${subscriptions}/:id/suspend`, async (id, body) => {
      await flows.suspend(id, reason(body));
      return NO_CONTENT;
    }),
    route('POST', `${subscriptions}/:id/activate`, async (id, body) => {
      await flows.activate(id, optionalText(objectAt(body), 'reason') ?? 'Reactivated');
      return NO_CONTENT;
    }),
    route('POST', `${subscriptions}/:id/revise`, (id, body) => ok(store.createRevision(id, objectAt(body)))),
    route('POST', '/v1/notifications/verify-webhook-signature', (_, body) => {
      const input: JsonObject = objectAt(body);
      for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time']) {
        requiredText(input, field);
      }
      requiredText(input, 'webhook_id');
      if (input.webhook_event === undefined) throw missingField('/webhook_event');
      return ok({ verification_status: signer.verify(input, certUrl()) ? 'SUCCESS' : 'FAILURE' });
    }),
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
