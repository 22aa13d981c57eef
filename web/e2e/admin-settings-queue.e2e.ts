import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { expectToast } from './account-steps.ts';
import { startBillingServer } from './billing-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The settings' Queue tab at 1280 and 375 px: the gateways' webhook events as jobs, one handled
// (done) and one whose handling fails (pending, with its error and the next retry), retried by hand.

const SECRET_KEY = 'sk_test_kosh_queue_journey';
const WEBHOOK_SECRET = 'whsec_kosh_queue_journey';
let server: RunningServer;
let stripe: StripeStandIn;
const browsers: Browser[] = [];

/** Posts a signed Stripe event to the server's webhook, as Stripe would. */
async function sendEvent(id: string, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const response = await fetch(`${server.url}/api/v1/billing/webhooks/stripe`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  ({ server, stripe } = await startBillingServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }));
  await sendEvent('evt_queue_done', 'charge.succeeded', { id: 'ch_1' });
  // Stripe knows no such subscription: handling fails and the job waits for its retry.
  await sendEvent('evt_queue_failing', 'customer.subscription.updated', { id: 'sub_missing', object: 'subscription' });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) {
    expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
    await b.close();
  }
});

async function openQueue(viewport = DESKTOP): Promise<Page> {
  const b = await openBrowser(viewport);
  browsers.push(b);
  await signInAs(server, b.context);
  await b.page.goto(`${server.url}/admin/settings/queue`);
  await waitForApp(b.page);
  await b.page.getByRole('heading', { name: 'Queue', exact: true }).waitFor();
  return b.page;
}

describe('admin settings: queue', () => {
  it('lists the jobs with their states and errors, and retries a pending one by hand', async () => {
    const page = await openQueue();
    await page.getByTestId('queue-counts').waitFor();
    expect(await page.getByTestId('queue-counts').textContent()).toBe('1 pending, 0 running, 0 failed, 1 done');
    const jobs = page.getByTestId('queue-job');
    expect(await jobs.count()).toBe(2);
    const failing = jobs.filter({ hasText: 'customer.subscription.updated' });
    expect(await failing.textContent()).toContain('Pending');
    expect(await failing.textContent()).toContain('No such subscription');
    expect(await jobs.filter({ hasText: 'charge.succeeded' }).getByRole('button').count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-settings-queue-1280');

    await failing.getByRole('button', { name: 'Retry customer.subscription.updated' }).click();
    await expectToast(page, 'The job failed again; it will be retried.');
    await expect.poll(async () => (await failing.textContent()) ?? '').toMatch(/Pending.*2/);

    await page.getByRole('button', { name: /Show/ }).click();
    await page.getByRole('option', { name: 'Done (1)' }).click();
    await expect.poll(() => jobs.count()).toBe(1);
    expect(await jobs.first().textContent()).toContain('charge.succeeded');
  });

  it('fits a phone', async () => {
    const page = await openQueue(MOBILE);
    await page.getByTestId('queue-job').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    // Each job reads as a card, Retry in view beside it without scrolling sideways.
    const failing = page.getByTestId('queue-job').filter({ hasText: 'customer.subscription.updated' });
    expect(await failing.textContent()).toMatch(/State: Pending.*Attempts: \d/);
    const retry = await failing.getByRole('button', { name: 'Retry customer.subscription.updated' }).boundingBox();
    expect(retry && retry.x >= 0 && retry.x + retry.width <= MOBILE.width).toBe(true);
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-settings-queue-375');
  });
});
