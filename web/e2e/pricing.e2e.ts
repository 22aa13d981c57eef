import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ListProductsResponse, Product } from '@kosh/contracts';
import { pathOf, registerViaApi, uniqueEmail, waitForPath } from './account-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The pricing page, the plan card links for each kind of visitor, and the checkout they lead to
// (spec part 2, 2 "Pricing", "Plan card link", "Checkout and payment routes"; part 1, 2.2 and 2.4).

const ONBOARDING_KEY = 'be-onboarding-selected-plan';
const PASSWORD = 'correct-horse-9';
let server: RunningServer;
let browser: Browser | undefined;
let plans: Product[];

beforeAll(async () => {
  server = await startServer();
  const response = await fetch(`${server.url}/api/v1/billing/products?loader=pricingPage`, {
    headers: { accept: 'application/json' },
  });
  plans = ((await response.json()) as ListProductsResponse).pagination.data;
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  if (browser) expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  await browser?.close();
  browser = undefined;
});

async function open(path: string, { viewport = DESKTOP, theme }: { viewport?: typeof DESKTOP; theme?: 'dark' } = {}) {
  browser = await openBrowser(viewport);
  if (theme) await browser.context.addCookies([{ name: 'be-active-theme', value: theme, url: server.url }]);
  return browser;
}

async function go(page: Page, path: string) {
  await page.goto(server.url + path);
  await waitForApp(page);
}

const card = (page: Page, plan: Product) => page.getByRole('article', { name: plan.name, exact: true });
const priceOf = (plan: Product, interval: 'month' | 'year') =>
  plan.prices.find((p) => p.interval === interval && p.interval_count === 1)!;
/** Whole rupees as the page shows them: ₹ and thousands separators. */
const rupees = (amount: number) => `₹${amount.toLocaleString('en')}`;
const paidPlans = () => plans.filter((p) => !p.free);
const recommended = () => plans.find((p) => p.recommended)!;
const heldSelection = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), ONBOARDING_KEY);

describe('pricing page', () => {
  it('lists the seeded plans: 25 GB free, paid plans up to 2 TB with monthly and yearly rupee prices', () => {
    const free = plans.filter((p) => p.free);
    expect(free.map((p) => p.available_space)).toEqual([25 * 1024 ** 3]);
    expect(paidPlans().length).toBeGreaterThan(1);
    expect(Math.max(...plans.map((p) => p.available_space))).toBe(2 * 1024 ** 4);
    for (const plan of paidPlans()) {
      expect(priceOf(plan, 'month').currency).toBe('INR');
      expect(priceOf(plan, 'year').currency).toBe('INR');
    }
    expect(plans.filter((p) => p.recommended)).toHaveLength(1);
  });

  it('shows the plans with monthly prices, and yearly prices and the hint after toggling the cycle', async () => {
    const { page } = await open('/pricing');
    await go(page, '/pricing');
    await page.getByRole('heading', { level: 1, name: 'Simple plans for every need' }).waitFor();
    expect(await page.title()).toMatch(/^Pricing - /);
    await page.getByText('Save up to 92% compared with other cloud drives.').waitFor();
    await page.getByText('Your files are encrypted and stored in India.').waitFor();
    await page.getByRole('heading', { name: 'Join the community' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Have a question about plans? Contact us.' }).getAttribute('href'),
    ).toBe('/contact');

    const cycles = page.getByRole('radiogroup', { name: 'Billing cycle' });
    const month = cycles.getByRole('radio', { name: '1 month' });
    const year = cycles.getByRole('radio', { name: '12 months' });
    expect(await month.isChecked()).toBe(true);
    expect(await year.isChecked()).toBe(false);
    expect(await page.getByTestId('discount-hint').textContent()).toBe('Up to 92% OFF');
    const hintId = await cycles.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe('Up to 92% OFF');

    await card(page, plans[0]).waitFor();
    expect(await page.getByRole('article').count()).toBe(plans.length);
    const free = plans.find((p) => p.free)!;
    expect(await card(page, free).getByTestId('plan-price').textContent()).toBe('Free');
    expect(await card(page, free).getByText('25 GB storage').isVisible()).toBe(true);
    expect(await card(page, recommended()).getByText('Most popular').isVisible()).toBe(true);
    expect(await page.getByText('Most popular').count()).toBe(1);
    for (const plan of paidPlans()) {
      const text = await card(page, plan).textContent();
      expect(text).toContain(`${rupees(priceOf(plan, 'month').amount)} / month`);
      expect(text).toContain("What's included");
      for (const feature of plan.feature_list) expect(text).toContain(feature);
    }
    expect(await card(page, plans.find((p) => p.available_space === 2 * 1024 ** 4)!).textContent()).toContain(
      '2 TB storage',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Headings go down one level at a time: the page's h1, then each plan's h2.
    const levels = await page.evaluate(() =>
      [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
    );
    expect(levels[0]).toBe(1);
    expect(levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1)).toEqual([]);
    await screenshot(page, 'pricing-month-light-1280');

    await year.click();
    expect(await year.isChecked()).toBe(true);
    expect(await month.isChecked()).toBe(false);
    for (const plan of paidPlans()) {
      const text = await card(page, plan).textContent();
      expect(text).toContain(`${rupees(priceOf(plan, 'year').amount)} / year`);
      expect(text).not.toContain('/ month');
    }
    expect(await page.getByTestId('discount-hint').textContent()).toBe('Up to 92% OFF');
    await screenshot(page, 'pricing-year-light-1280');

    // Keyboard: the group is one tab stop, arrows move the selection.
    await year.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    expect(await month.isChecked()).toBe(true);
    await screenshot(page, 'pricing-focus-light-1280');

    await page.getByText('Your files are encrypted and stored in India.').scrollIntoViewIfNeeded();
    await screenshot(page, 'pricing-bottom-light-1280');

    await page.setViewportSize(MOBILE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    const widths = await page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect()));
    // One column at 375 px: every card starts at the same x and nothing overflows the viewport.
    expect(new Set(widths.map((r) => Math.round(r.left))).size).toBe(1);
    expect(Math.max(...widths.map((r) => r.right))).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'pricing-month-light-375');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('draws the rupee sign from the small currency face, fetching no latin-ext font', async () => {
    const { page } = await open('/pricing');
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await go(page, '/pricing');
    await card(page, plans.find((p) => !p.free)!)
      .getByText(/₹/)
      .first()
      .waitFor();
    expect(
      await page.evaluate(async () => (await document.fonts.ready) && document.fonts.check('16px Inter', '₹')),
    ).toBe(true);
    expect(fonts.some((path) => path.includes('/inter-currency-wght-normal-'))).toBe(true);
    expect(fonts.filter((path) => path.includes('latin-ext'))).toEqual([]);
  });

  it('looks right in the dark theme at 1280 and 375 px', async () => {
    const { page } = await open('/pricing', { theme: 'dark' });
    await go(page, '/pricing');
    await card(page, recommended()).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-month-dark-1280');
    await page.getByRole('radio', { name: '12 months' }).click();
    await screenshot(page, 'pricing-year-dark-1280');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(200);
    await screenshot(page, 'pricing-year-dark-375');
    await page.getByText('Have a question about plans? Contact us.').scrollIntoViewIfNeeded();
    await screenshot(page, 'pricing-bottom-dark-375');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('pricing page while the plans load or fail', () => {
  it('comes drawn with its plans on a first visit, without asking for them again', async () => {
    const { page, consoleErrors } = await open('/pricing');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/billing/products')) asked.push(request.url());
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/pricing`);
    // No script has run: the server drew the cards.
    expect(await page.getByRole('article').count()).toBe(plans.length);
    await screenshot(page, 'pricing-drawn-before-scripts-1280');
    await page.unroute('**/assets/*.js');
    // The scripts held back above are the only errors this visit may log.
    consoleErrors.splice(0);
    await go(page, '/pricing');
    await card(page, recommended()).waitFor();
    expect(asked).toEqual([]);
  });

  it('shows skeleton cards while loading, then an error with a way to try again', async () => {
    const { page } = await open('/');
    let phase: 'slow' | 'fail' | 'ok' = 'slow';
    await page.route('**/api/v1/billing/products*', async (route) => {
      if (phase === 'fail')
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' });
      if (phase === 'slow') await new Promise((r) => setTimeout(r, 2500));
      return route.continue();
    });
    // Within the app the plans are fetched as the page opens.
    const toPricing = async () => {
      await go(page, '/');
      await page.locator('header').getByRole('link', { name: 'Pricing', exact: true }).click();
      await page.waitForURL(/\/pricing$/);
    };
    await toPricing();
    await page.locator('main [aria-busy="true"]').waitFor();
    await screenshot(page, 'pricing-loading-light-1280');
    await card(page, recommended()).waitFor();

    phase = 'fail';
    await toPricing();
    const alert = page.getByRole('alert').filter({ hasText: 'The plans could not be loaded.' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-error-light-1280');
    phase = 'ok';
    await alert.getByRole('button', { name: 'Try again' }).click();
    await card(page, recommended()).waitFor();
    expect(await page.getByRole('article').count()).toBe(plans.length);
  });
});

describe('plan card links', () => {
  it('sends a visitor to register from pricing holding the plan, and registration continues to checkout', async () => {
    const { page } = await open('/pricing');
    await go(page, '/pricing');
    await card(page, recommended()).waitFor();
    const free = plans.find((p) => p.free)!;
    const freeLink = card(page, free).getByRole('link', { name: 'Get started' });
    expect(await freeLink.getAttribute('href')).toBe('/register');
    for (const plan of paidPlans())
      expect(await card(page, plan).getByRole('link', { name: 'Choose Plan' }).getAttribute('href')).toBe(
        '/register?redirectFrom=pricing',
      );

    const chosen = recommended();
    await page.getByRole('radio', { name: '12 months' }).click();
    await card(page, chosen).getByRole('link', { name: 'Choose Plan' }).click();
    await page.getByRole('heading', { name: "First, let's create your account" }).waitFor();
    expect(pathOf(page)).toBe('/register');
    expect(new URL(page.url()).searchParams.get('redirectFrom')).toBe('pricing');
    const yearly = priceOf(chosen, 'year');
    expect(JSON.parse((await heldSelection(page))!)).toEqual({ productId: chosen.id, priceId: yearly.id });
    await screenshot(page, 'pricing-register-1280');

    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('plan'));
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await waitForPath(page, `/checkout/${chosen.id}/${yearly.id}`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText(chosen.name, { exact: true }).waitFor();
    expect(await summary.textContent()).toContain(`${rupees(yearly.amount)} / year`);
    expect(await page.getByTestId('checkout-total').textContent()).toBe(rupees(yearly.amount));
    await page.getByText('Online payment is not available on this site yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Contact us' }).last().getAttribute('href')).toBe('/contact');
    expect(await page.getByRole('button', { name: /pay/i }).count()).toBe(0);
    expect(await page.title()).toMatch(/^Checkout - /);
    // Shown once: the onboarding selection is gone, so the next login goes to the drive.
    await page.waitForFunction((key) => sessionStorage.getItem(key) === null, ONBOARDING_KEY);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-light-1280');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(200);
    await screenshot(page, 'checkout-light-375');
  });

  it('drops an earlier paid choice when a visitor picks the free plan', async () => {
    const { page } = await open('/pricing');
    await go(page, '/pricing');
    const plan = paidPlans()[0];
    await card(page, plan).getByRole('link', { name: 'Choose Plan' }).click();
    await page.getByRole('heading', { name: "First, let's create your account" }).waitFor();
    expect(await heldSelection(page)).not.toBeNull();
    await go(page, '/pricing');
    await card(page, plans.find((p) => p.free)!)
      .getByRole('link', { name: 'Get started' })
      .click();
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    expect(await heldSelection(page)).toBeNull();
  });

  it('sends a signed-in user without a subscription to checkout, and the free plan to the drive', async () => {
    const email = uniqueEmail('member');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Meera', last_name: 'Iyer' });
    const { page, context } = await open('/pricing', { theme: 'dark' });
    await signInAs(server, context, email, PASSWORD);
    await go(page, '/pricing');
    await card(page, recommended()).waitFor();
    expect(await page.getByRole('heading', { name: 'Join the community' }).count()).toBe(0);
    const free = plans.find((p) => p.free)!;
    expect(await card(page, free).getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/drive');
    for (const plan of paidPlans())
      expect(await card(page, plan).getByRole('link', { name: 'Choose Plan' }).getAttribute('href')).toBe(
        `/checkout/${plan.id}/${priceOf(plan, 'month').id}`,
      );
    const plan = paidPlans().at(-1)!;
    await card(page, plan).getByRole('link', { name: 'Choose Plan' }).click();
    await waitForPath(page, `/checkout/${plan.id}/${priceOf(plan, 'month').id}`);
    expect(await page.getByTestId('checkout-total').textContent()).toBe(rupees(priceOf(plan, 'month').amount));
    expect(await page.getByRole('region', { name: 'Order summary' }).textContent()).toContain('/ month');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-dark-1280');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(200);
    await screenshot(page, 'checkout-dark-375');

    // A price of another plan, or an unknown plan, is the 404 page.
    await page.setViewportSize(DESKTOP);
    await go(page, `/checkout/${free.id}/${priceOf(plan, 'month').id}`);
    await page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" }).waitFor();
    await go(page, '/checkout/999999/1');
    await page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" }).waitFor();
  });

  it('sends a logged-out visit to a checkout route to /register', async () => {
    const plan = recommended();
    const { page } = await open('/pricing');
    await go(page, `/checkout/${plan.id}/${priceOf(plan, 'month').id}`);
    await waitForPath(page, '/register');
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
  });
});
