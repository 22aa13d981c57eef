import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  startServer,
  waitForApp,
  type RunningServer,
} from './harness.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { APP_DEBUG: 'true' } });
  const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
  db.exec('ALTER TABLE custom_pages RENAME TO custom_pages_gone');
  db.close();
});
afterAll(async () => {
  await server?.stop();
});

describe('developer error dialog', () => {
  it('opens on an unexpected error with a trace, lists frames and links the log', async () => {
    const browser = await openBrowser(DESKTOP);
    try {
      const { page } = browser;
      await page.goto(`${server.url}/pages/about-us`);
      await waitForApp(page);
      const dialog = page.getByTestId('dev-error-dialog');
      await dialog.waitFor({ timeout: 20_000 });
      expect(await dialog.getByRole('heading', { name: 'An error occured' }).isVisible()).toBe(true);
      expect(
        await dialog
          .getByText(/custom_pages/)
          .first()
          .isVisible(),
      ).toBe(true);
      const frames = dialog.getByTestId('trace-frame');
      expect(await frames.count()).toBeGreaterThan(0);
      expect(await dialog.locator('[data-failing]').count()).toBe(1);

      const groups = dialog.getByTestId('vendor-group');
      if ((await groups.count()) > 0) {
        const before = await frames.count();
        expect(await groups.first().textContent()).toMatch(/^(1 vendor frame|\d+ vendor frames)$/);
        await dialog.getByRole('button', { name: 'Expand vendor frames' }).click();
        expect(await frames.count()).toBeGreaterThan(before);
        await dialog.getByRole('button', { name: 'Collapse vendor frames' }).click();
        expect(await frames.count()).toBe(before);
      }
      await frames.nth((await frames.count()) - 1).click();
      expect(await frames.nth((await frames.count()) - 1).getAttribute('aria-current')).toBe('true');

      const download = dialog.getByRole('link', { name: 'Download log' });
      expect(await download.getAttribute('href')).toBe('/api/v1/logs/error/download-latest');
      // The log needs permission logs.view: a guest is refused, the admin downloads it.
      expect((await page.request.get(`${server.url}/api/v1/logs/error/download-latest`)).status()).toBe(401);
      await signInAs(server, browser.context);
      const response = await page.request.get(`${server.url}/api/v1/logs/error/download-latest`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-disposition']).toContain('attachment');
      expect(await response.text()).toContain('custom_pages');

      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'dev-error-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'dev-error-375');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });
});
