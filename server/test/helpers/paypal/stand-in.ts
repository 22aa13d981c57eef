import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildRoutes, matchRoute, type Reply } from './api-routes.ts';
import { BillingFlows } from './billing-flows.ts';
import { notFoundPage, renderApprovalPage } from './hosted-pages.ts';
import { AccessTokens } from './oauth-tokens.ts';
import { malformedJson, PayPalStandInError, resourceNotFound } from './paypal-error.ts';
import { PayPalStore } from './paypal-store.ts';
import { type DeliverFn, type SentEvent, WebhookSender } from './webhook-sender.ts';
import { WebhookSigner } from './webhook-signature.ts';

export type { SentEvent } from './webhook-sender.ts';

export type PayPalStandInOptions = {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook the events are signed for, and the only one verify-webhook-signature accepts. */
  webhookId: string;
  /** Receives each event (e.g. through fastify `app.inject`) and answers the HTTP status. */
  deliver?: DeliverFn;
  /** Where to POST events when there is no `deliver`. */
  webhookUrl?: string;
  /** Time for `create_time` and billing dates. */
  clock?: () => Date;
  /** Sign with the clock instead of wall time (for a receiver that checks the time with the same fake clock). */
  signWithClock?: boolean;
};

export type PayPalStandIn = {
  url: string;
  close(): Promise<void>;
  /** Every event sent, in order. */
  events: SentEvent[];
  /** `METHOD /path` of every request the stand-in does not implement. */
  unknownCalls: string[];
  store: PayPalStore;
  /** The webhook certificate address the signed headers announce. */
  certUrl: string;
  /** What the approval page's "Agree & Subscribe" does. */
  approve(subscriptionId: string): Promise<void>;
  renew(subscriptionId: string): Promise<void>;
  failPayment(subscriptionId: string): Promise<void>;
  expire(subscriptionId: string): Promise<void>;
  resend(eventId: string, opts?: { transmissionTime?: Date; signature?: string }): Promise<number>;
  headersFor(body: string, transmissionTime?: Date): Record<string, string>;
};

const CERT_PATH = '/v1/notifications/certs/CERT-kosh';

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: http.ServerResponse, status: number, body?: object): void {
  const debugId = Date.now().toString(16);
  if (body === undefined) {
    response.writeHead(status, { 'paypal-debug-id': debugId });
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': debugId });
  response.end(JSON.stringify(body));
}

function sendText(response: http.ServerResponse, status: number, type: string, text: string): void {
  response.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  response.end(text);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw malformedJson();
  }
}

/**
 * Starts a local stand-in for the part of PayPal's REST API that Kosh calls, on 127.0.0.1 and a free
 * port. Point Kosh's `PayPalClient` at it with `new PayPalClient(credentials, standIn.url)`.
 */
export async function startPayPalStandIn(options: PayPalStandInOptions): Promise<PayPalStandIn> {
  const clock = options.clock ?? (() => new Date());
  let baseUrl = '';
  const certUrl = () => `${baseUrl}${CERT_PATH}`;
  const store = new PayPalStore(clock, () => baseUrl);
  const signer = new WebhookSigner(options.webhookId);
  const sender = new WebhookSender({
    signer,
    deliver: options.deliver,
    webhookUrl: options.webhookUrl,
    now: () => store.now(),
    signatureNow: options.signWithClock ? clock : () => new Date(),
    certUrl,
  });
  const flows = new BillingFlows(store, sender);
  const routes = buildRoutes(store, flows, signer, certUrl);
  const tokens = new AccessTokens(options.clientId, options.clientSecret);
  const unknownCalls: string[] = [];

  async function handleApi(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const issued = tokens.issue(request.headers.authorization, body);
      if (!issued) {
        return send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      return send(response, 'error' in issued ? 400 : 200, issued);
    }
    if (!tokens.isValid(request.headers.authorization)) {
      return send(response, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    const found = matchRoute(routes, method, url.pathname);
    if (!found) {
      unknownCalls.push(`${method} ${url.pathname}`);
      throw resourceNotFound(`The requested resource ${url.pathname} was not found.`);
    }
    const reply: Reply = await found.handler(found.id, parseJson(body));
    send(response, reply.status, reply.body);
  }

  async function handleApproval(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const checkout = store.checkouts.get(url.searchParams.get('ba_token') ?? '');
    const subscription = checkout && store.subscriptions.get(checkout.subscriptionId);
    const plan = subscription && store.plans.get(checkout.revisePlanId ?? subscription.plan_id);
    if (!checkout || !subscription || !plan) return sendText(response, 404, 'text/html', notFoundPage);
    const pending = checkout.revisePlanId
      ? !checkout.done && subscription.status === 'ACTIVE'
      : subscription.status === 'APPROVAL_PENDING';
    if (request.method !== 'POST' || !pending) {
      const status = request.method === 'POST' ? 409 : 200;
      return sendText(response, status, 'text/html', renderApprovalPage({ checkout, subscription, plan, pending }));
    }
    await readBody(request);
    if (checkout.revisePlanId) await flows.revise(checkout.baToken);
    else await flows.approve(subscription.id);
    const target = new URL(checkout.returnUrl);
    target.searchParams.set('subscription_id', subscription.id);
    target.searchParams.set('ba_token', checkout.baToken);
    target.searchParams.set('token', checkout.token);
    response.writeHead(303, { location: target.toString() });
    response.end();
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let work: Promise<void>;
    if (url.pathname === '/checkoutnow') work = handleApproval(request, response, url);
    else if (request.method === 'GET' && url.pathname === CERT_PATH) {
      work = Promise.resolve(sendText(response, 200, 'application/x-pem-file', signer.publicKeyPem));
    } else work = handleApi(request, response, url);
    work.catch((error: unknown) => {
      if (response.headersSent) return response.end();
      if (error instanceof PayPalStandInError) return send(response, error.status, error.toJSON());
      const message = error instanceof Error ? error.message : String(error);
      send(response, 500, new PayPalStandInError(500, 'INTERNAL_SERVER_ERROR', [], message).toJSON());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    events: sender.events,
    unknownCalls,
    store,
    certUrl: certUrl(),
    approve: (subscriptionId) => flows.approve(subscriptionId),
    renew: (subscriptionId) => flows.renew(subscriptionId),
    failPayment: (subscriptionId) => flows.failPayment(subscriptionId),
    expire: (subscriptionId) => flows.expire(subscriptionId),
    resend: (eventId, opts) => sender.resend(eventId, opts),
    headersFor: (body, transmissionTime) => sender.headersFor(body, transmissionTime),
  };
}
