import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  seriousA11yViolations,
  signInAs,
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

const HERO = 'Secure cloud storage, kept in India';
const SECTIONS = [
  'hero',
  'about',
  'features',
  'india',
  'pricing',
  'faq',
  'reseller',
  'newsletter',
  'blog',
  'community',
];
const shotDir = process.env.KOSH_E2E_SHOTS ?? path.join(import.meta.dirname, 'screenshots');

async function open(viewport = DESKTOP, options: { dark?: boolean; noticeChosen?: boolean } = {}): Promise<Page> {
  browser = await openBrowser(viewport);
  const cookies = [];
  if (options.dark) cookies.push({ name: 'be-active-theme', value: 'dark', url: server.url });
  if (options.noticeChosen) cookies.push({ name: 'cookie_notice', value: 'true', url: server.url });
  if (cookies.length) await browser.context.addCookies(cookies);
  return browser.page;
}

/**
 * Scrolls down the page a screen at a time, as a reader would. Each stop lasts two rendered frames,
 * so the boxes that load near the viewport (ui/NearViewport.tsx) see it even when a busy machine
 * draws frames slower than a fixed pause.
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
  });
}

async function goHome(page: Page): Promise<void> {
  await page.goto(`${server.url}/`);
  await waitForApp(page);
  await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
  // The plans (and the forms further down) load as the reader nears them: scroll through the
  // page as a reader would, and back; the page is complete once the cards show.
  await scrollThrough(page);
  await page.getByText('Most popular').waitFor();
  await page.getByTestId('newsletter-box').getByRole('button', { name: 'Subscribe' }).waitFor();
  // The last section too, before leaving the bottom: on a busy machine it may show a moment later.
  await page.getByRole('heading', { name: 'Join the community' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The whole page: lazy images are scrolled into view first. */
async function fullPageShot(page: Page, name: string): Promise<void> {
  await scrollThrough(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

const isExpanded = (page: Page, question: string) =>
  page.getByRole('button', { name: question }).getAttribute('aria-expanded');

describe('landing page', () => {
  it('shows its sections in the spec order, with the cookie notice and no serious axe violations', async () => {
    const page = await open();
    await goHome(page);
    expect(await page.getByTestId('cookie-notice').isVisible()).toBe(true);
    const order = await page.$$eval('[data-landing-section]', (els) =>
      els.map((el) => (el as HTMLElement).dataset.landingSection),
    );
    expect(order).toEqual(SECTIONS);
    // The menus' anchors: features before pricing, both inside the landing page.
    const anchors = await page.$$eval('main [id]', (els) => els.map((el) => el.id));
    expect(anchors.indexOf('features')).toBeGreaterThan(-1);
    expect(anchors.indexOf('pricing')).toBeGreaterThan(anchors.indexOf('features'));
    const headings = await page.$$eval('main h1, main h2', (els) => els.map((el) => el.textContent?.trim()));
    expect(headings).toEqual([
      HERO,
      'Your files, safe and within reach',
      'Features',
      'Your data is safe in India',
      'Simple plans for every need',
      'Frequently asked questions',
      'Become a reseller partner',
      'Subscribe to our newsletter',
      'From our blog',
      'Join the community',
    ]);
    expect(await page.getByTestId('large-storage-offer').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Register' }).isVisible()).toBe(true);
    const navbar = page.locator('header [data-menu-position="homepage-navbar"]');
    expect(await navbar.getByRole('link').allTextContents()).toEqual(['Features', 'Pricing', 'Contact us']);
    // Every illustration the page shows is served.
    const broken = await page.$$eval('main img', (imgs) =>
      (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('opens the first FAQ item at start and keeps several open at once', async () => {
    const page = await open(DESKTOP, { noticeChosen: true });
    await goHome(page);
    const first = 'Where are my files stored?';
    const second = 'How much storage do I get for free?';
    expect(await isExpanded(page, first)).toBe('true');
    expect(await isExpanded(page, second)).toBe('false');
    expect(await page.getByText('Your files are stored in encrypted form in data centres').isVisible()).toBe(true);
    await page.getByRole('button', { name: second }).click();
    expect(await isExpanded(page, first)).toBe('true');
    expect(await isExpanded(page, second)).toBe('true');
    expect(await page.getByText('Every new account gets 25 GB of free storage.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Do you offer larger plans?' }).click();
    expect(await page.getByText('Plans of 2 TB and higher are available').isVisible()).toBe(true);
    await page.getByRole('button', { name: first }).click();
    expect(await isExpanded(page, first)).toBe('false');
    expect(await isExpanded(page, second)).toBe('true');
  });

  it("sends a visitor from the hero's call to action to registration", async () => {
    const page = await open(DESKTOP, { noticeChosen: true });
    await goHome(page);
    const cta = page.getByRole('link', { name: 'Get started for free' });
    expect(await cta.getAttribute('href')).toBe('/register');
    await cta.click();
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('shows the landing page to a signed-in user too, with the drive as the call to action', async () => {
    const page = await open(DESKTOP, { noticeChosen: true });
    await signInAs(server, browser!.context);
    await goHome(page);
    expect(await page.getByRole('link', { name: 'Get started for free' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to my drive' }).first().click();
    await page.waitForURL(`${server.url}/drive`);
  });

  it('scrolls to the features from the navbar', async () => {
    const page = await open(DESKTOP, { noticeChosen: true });
    await goHome(page);
    await page.locator('header').getByRole('link', { name: 'Features' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('features')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 100;
    });
    expect(new URL(page.url()).hash).toBe('#features');
  });

  it('has footer links to company, policy and help pages that exist', async () => {
    const page = await open(DESKTOP, { noticeChosen: true });
    await goHome(page);
    const footer = page.locator('footer');
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['Features', '/#features'],
      ['Pricing', '/pricing'],
      ['Articles', '/pages/articles'],
      ['About us', '/pages/about-us'],
      ['Contact', '/contact'],
      ['Terms of service', '/pages/terms-of-service'],
      ['Privacy policy', '/pages/privacy-policy'],
    ];
    for (const [name, href] of expected)
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    for (const heading of ['Company', 'Policies', 'Help'])
      expect(await footer.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    for (const [name, href] of expected.filter(([, to]) => !to.includes('#'))) {
      await page.goto(server.url + href);
      await waitForApp(page);
      await page.locator('main h1').first().waitFor();
      const notFound = page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" });
      expect(await notFound.count(), `${name} ${href}`).toBe(0);
    }
    await page.goto(`${server.url}/pages/about-us`);
    await waitForApp(page);
    await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
  });

  it('loads at most 150 KB of JavaScript before the reader scrolls, and none of the drive', async () => {
    // Gzipped sizes of the scripts a fresh browser has loaded for a path once `ready` resolves.
    const gzipped = new Map<string, number>();
    // Scripts holding react-aria's press handling (the core every react-aria widget needs).
    const reactAria = new Set<string>();
    const firstLoad = async (path: string, ready: (page: Page) => Promise<void>, thenScroll = false) => {
      const page = await open(DESKTOP, { noticeChosen: true });
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script' && !response.url().endsWith('.js')) return;
        const body = await response.body().catch(() => undefined);
        if (!body) return;
        const file = new URL(response.url()).pathname;
        gzipped.set(file, gzipSync(body, { level: 9 }).length);
        if (body.includes('data-react-aria-pressable')) reactAria.add(file);
        scripts.set(file, gzipped.get(file)!);
      });
      await page.goto(server.url + path);
      await waitForApp(page);
      await ready(page);
      await page.waitForTimeout(500);
      const before = new Set(scripts.keys());
      if (thenScroll) await goHome(page);
      await browser!.close();
      browser = undefined;
      return { before, after: new Set(scripts.keys()) };
    };
    const shell = (
      await firstLoad('/no-such-page', (page) =>
        page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" }).waitFor(),
      )
    ).before;
    const landing = await firstLoad('/', (page) => page.getByRole('heading', { level: 1, name: HERO }).waitFor(), true);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + (gzipped.get(file) ?? 0), 0);
    const own = [...landing.before].filter((file) => !shell.has(file));
    const later = [...landing.after].filter((file) => !landing.before.has(file));
    const total = sum(landing.before);
    console.log(
      `first load of /: ${landing.before.size} scripts, ${kb(total)} gzipped; the shell of every public page ` +
        `${kb(sum(shell))}; the landing page's own ${kb(sum(own))}:\n  ` +
        own.map((file) => `${file} ${kb(gzipped.get(file) ?? 0)}`).join('\n  ') +
        `\nloaded while scrolling through the page: ${kb(sum(later))}:\n  ` +
        later.map((file) => `${file} ${kb(gzipped.get(file) ?? 0)}`).join('\n  '),
    );
    const drive = (files: Iterable<string>) =>
      [...files].filter((file) => /\/assets\/(Drive|drive|FileGrid|Upload)/.test(file));
    expect(drive(landing.after)).toEqual([]);
    // No react-aria before the first press: the menus, forms and dialogs that need it load on use.
    expect([...landing.before].filter((file) => reactAria.has(file))).toEqual([]);
    expect(total).toBeLessThanOrEqual(150 * 1024);
    // The plans came with the scroll.
    expect(later.some((file) => file.includes('/PricingPlans-'))).toBe(true);
  });

  it('looks right at 1280 and 375, light and dark', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      for (const dark of [false, true]) {
        const page = await open(viewport, { dark, noticeChosen: true });
        await goHome(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        if (dark) expect(await seriousA11yViolations(page)).toEqual([]);
        await fullPageShot(page, `landing-${viewport.width}-${dark ? 'dark' : 'light'}`);
        await browser!.close();
        browser = undefined;
      }
    }
  }, 180_000);
});
