import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { keptServerNode, rememberServerNode } from './drawn-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

let server: RunningServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const PASSWORD = 'drawn-pages-password-1';

/** A page whose app scripts never arrive: what a visitor sees while they are on their way. */
async function openWithoutScripts(path: string, viewport = DESKTOP, cookies: Record<string, string> = {}) {
  browser = await openBrowser(viewport);
  const entries = Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url }));
  if (entries.length) await browser.context.addCookies(entries);
  await browser.page.route('**/assets/*.js', (route) => route.abort());
  await browser.page.goto(`${server.url}${path}`);
  return browser.page;
}

/**
 * Counts the Intl calls that make the browser build its list of locales (tens of milliseconds on a
 * phone): formatters and supportedLocalesOf.
 */
async function countLocaleLists(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { localeLists: string[] };
    counted.localeLists = [];
    const names = ['NumberFormat', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat', 'ListFormat'] as const;
    for (const name of names) {
      const Original = Intl[name] as unknown as { new (...args: unknown[]): object; supportedLocalesOf: unknown };
      const Counted = new Proxy(Original, {
        construct(target, args) {
          counted.localeLists.push(name);
          return new target(...args);
        },
        apply(target, self, args) {
          counted.localeLists.push(name);
          return Reflect.apply(target as unknown as () => object, self, args);
        },
        get(target, key) {
          if (key === 'supportedLocalesOf') counted.localeLists.push(`${name}.supportedLocalesOf`);
          return Reflect.get(target, key);
        },
      });
      Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
    }
  });
}

describe('public pages the server draws', () => {
  it('shows the sign-in page before its scripts arrive, and holds its form back until the app runs', async () => {
    const page = await openWithoutScripts('/login', MOBILE);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'drawn-login-before-scripts-375');
    // Without the app the form is plain HTML: submitting it must not put the password in the address.
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@kosh.test');
    await page.locator('input[name="password"]').fill('not-in-the-address');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.url}/login`);
  });

  it('signs in on the drawn page once the app has taken it over, keeping what the server sent', async () => {
    const email = uniqueEmail('drawn');
    await registerViaApi(server, email, PASSWORD);
    browser = await openBrowser(MOBILE);
    const { page } = browser;
    await rememberServerNode(page);
    await countLocaleLists(page);
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame?: number }).firstFrame = performance.now();
      });
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/login`);
    await waitForApp(page);
    // Hydrated, not redrawn: the elements are the server's.
    expect(await keptServerNode(page)).toBe(true);
    // The scripts are fetched after the first frame, which has the connection to itself.
    const timing = await page.evaluate(() => ({
      paint: (window as unknown as { firstFrame?: number }).firstFrame,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(3);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
    // The page formats nothing, so the browser never builds its locale list while it comes alive.
    expect(await page.evaluate(() => (window as unknown as { localeLists: string[] }).localeLists)).toEqual([]);
    // The form's validation (zod and the schemas) loads once the person types, not with the page.
    const validation = /^\/assets\/(zod|schemas)-[\w-]{8}\.js$/;
    expect(scripts.filter((path) => validation.test(path))).toEqual([]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('This field is required.').first().waitFor();
    expect(scripts.filter((path) => validation.test(path)).length).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Signed in: a new account without a name is asked for one first.
    await page.waitForURL(/\/account-settings/);
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  });

  it('draws the theme a visitor chose before any script runs', async () => {
    const page = await openWithoutScripts('/', DESKTOP, { 'be-active-theme': 'dark' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeLessThan(3 * 80);
    await screenshot(page, 'drawn-landing-dark-before-scripts-1280');
  });

  it('takes over the landing, pricing and register pages on a phone and a desktop without redrawing them', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      browser = await openBrowser(viewport);
      const { page } = browser;
      await rememberServerNode(page);
      for (const path of ['/', '/pricing', '/register']) {
        await page.goto(`${server.url}${path}`);
        await waitForApp(page);
        expect(await page.evaluate(() => 'ssr' in window), path).toBe(true);
        expect(await keptServerNode(page), path).toBe(true);
      }
      // A mismatch between the server's HTML and the app's first render is reported as an error.
      expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
      await browser.close();
      browser = undefined;
    }
  });

  it('draws each of many visitors arriving at once for their own device and theme', async () => {
    const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
    // Each its own address, so every one is a render of its own, all of them under way together.
    const visitors = Array.from({ length: 12 }, (_, i) => ({ phone: i % 2 === 0, dark: i % 3 === 0, i }));
    const pages = await Promise.all(
      visitors.map(async ({ phone, dark, i }) => {
        const res = await fetch(`${server.url}/?visitor=${i}-${Date.now()}`, {
          headers: { 'user-agent': phone ? PHONE_UA : DESKTOP_UA, ...(dark ? { cookie: 'be-active-theme=dark' } : {}) },
        });
        const html = await res.text();
        return html.slice(html.indexOf('<div id="root">'));
      }),
    );
    for (const [k, { phone, dark }] of visitors.entries()) {
      // The phone's navbar opens a menu; the desktop's lists its links.
      expect(pages[k].includes('aria-label="Open menu"'), `visitor ${k}`).toBe(phone);
      expect(pages[k].includes('aria-label="Homepage navbar"'), `visitor ${k}`).toBe(!phone);
      expect(pages[k].includes('/landing/hero-dark.svg'), `visitor ${k}`).toBe(dark);
    }
  });
});
