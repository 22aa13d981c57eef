import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { StripeApiError } from './api-error.ts';
import { buildRoutes, matchRoute } from './api-routes.ts';
import { BillingFlows } from './billing-flows.ts';
import { buildCouponRoutes } from './coupon-routes.ts';
import { CouponStore } from './coupon-store.ts';
import { renderPayPage } from './hosted-pages.ts';
import { StripeStore } from './stripe-store.ts';
import { type DeliverFn, type SentEvent, WebhookSender } from './webhook-sender.ts';

export type { SentEvent } from './webhook-sender.ts';

export type StripeStandInOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Receives each event (e.g. through fastify `app.inject`) and answers the HTTP status. */
  deliver?: DeliverFn;
  /** Where to POST events when there is no `deliver`. */
  webhookUrl?: string;
  /** Time for `created` and billing periods. */
  clock?: () => Date;
  /** Sign with the clock instead of wall time (for a receiver that verifies with the same fake clock). */
  signWithClock?: boolean;
};

export type StripeStandIn = {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  close(): Promise<void>;
  /** Every event sent, in order. */
  events: SentEvent[];
  /** `METHOD /path` of every request the stand-in does not implement. */
  unknownCalls: string[];
  completeCheckout(sessionId: string, card?: string, promotionCode?: string): Promise<void>;
  renew(subscriptionId: string): Promise<void>;
  failPayment(subscriptionId: string): Promise<void>;
  endPeriod(subscriptionId: string): Promise<void>;
  resend(eventId: string, opts?: { signature?: string; timestamp?: number }): Promise<number>;
  sign(payload: string, timestamp?: number): string;
  store: StripeStore;
  /** Coupons and promotion codes. */
  discounts: CouponStore;
  subscriptions: StripeStore['subscriptions'];
  customers: StripeStore['customers'];
  sessions: StripeStore['sessions'];
  invoices: StripeStore['invoices'];
  paymentMethods: StripeStore['paymentMethods'];
};

const QS_OPTIONS = { depth: 10, arrayLimit: 100 };

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: http.ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

function sendHtml(response: http.ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

/**
 * Starts a local stand-in for the part of Stripe's REST API that Kosh calls, on 127.0.0.1 and a free
 * port. Point the SDK at it with `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`.
 */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const clock = options.clock ?? (() => new Date());
  const now = () => Math.floor(clock().getTime() / 1000);
  let baseUrl = '';
  const store = new StripeStore(now, () => baseUrl);
  const sender = new WebhookSender({
    webhookSecret: options.webhookSecret,
    deliver: options.deliver,
    webhookUrl: options.webhookUrl,
    now,
    signatureNow: options.signWithClock ? now : () => Math.floor(Date.now() / 1000),
  });
  const discounts = new CouponStore(now);
  const flows = new BillingFlows(store, sender, discounts);
  const routes = [...buildRoutes(store, flows), ...buildCouponRoutes(discounts)];
  const unknownCalls: string[] = [];

  async function handleApi(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const method = request.method ?? 'GET';
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      const error = new StripeApiError(401, 'Invalid API Key provided.');
      sendJson(response, 401, error.toJSON());
      return;
    }
    const body = await readBody(request);
    const params = { ...qs.parse(url.search.slice(1), QS_OPTIONS), ...qs.parse(body, QS_OPTIONS) };
    const found = matchRoute(routes, method, url.pathname);
    if (!found) {
      unknownCalls.push(`${method} ${url.pathname}`);
      const message = `Unrecognized request URL (${method}: ${url.pathname}).`;
      sendJson(response, 404, new StripeApiError(404, message).toJSON());
      return;
    }
    sendJson(response, 200, await found.handler(found.id, params));
  }

  async function handlePay(request: http.IncomingMessage, response: http.ServerResponse, sessionId: string) {
    const session = store.sessions.get(sessionId);
    if (!session) return sendHtml(response, 404, '<!doctype html><title>Not found</title><h1>No such session</h1>');
    const price = store.prices.get(store.sessionExtras.get(sessionId)?.price ?? '');
    const product = price && store.products.get(price.product);
    const plan = price && product ? { price, product } : undefined;
    if (request.method !== 'POST') return sendHtml(response, 200, renderPayPage({ session, plan }));
    const form = qs.parse(await readBody(request));
    const card = String(form.card ?? '');
    const promotionCode = String(form.promotion_code ?? '').trim();
    try {
      await flows.completeCheckout(sessionId, card || undefined, promotionCode || undefined);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return sendHtml(response, error.status, renderPayPage({ session, plan, error: error.message }));
    }
    const target = (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    response.writeHead(303, { location: target });
    response.end();
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const work = pay ? handlePay(request, response, decodeURIComponent(pay[1])) : handleApi(request, response, url);
    work.catch((error: unknown) => {
      if (response.headersSent) return response.end();
      if (error instanceof StripeApiError) return sendJson(response, error.status, error.toJSON());
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, 500, { error: { type: 'api_error', message } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    secretKey: options.secretKey,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    events: sender.events,
    unknownCalls,
    completeCheckout: (sessionId, card, promotionCode) => flows.completeCheckout(sessionId, card, promotionCode),
    renew: (subscriptionId) => flows.renew(subscriptionId),
    failPayment: (subscriptionId) => flows.failPayment(subscriptionId),
    endPeriod: (subscriptionId) => flows.endPeriod(subscriptionId),
    resend: (eventId, opts) => sender.resend(eventId, opts),
    sign: (payload, timestamp) => sender.sign(payload, timestamp),
    store,
    discounts,
    subscriptions: store.subscriptions,
    customers: store.customers,
    sessions: store.sessions,
    invoices: store.invoices,
    paymentMethods: store.paymentMethods,
  };
}
