import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ListProductsResponse } from '@kosh/contracts';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, startDriveServer } from './drive-steps.ts';
import {
  cookieValue,
  DESKTOP,
  MOBILE,
  openBrowser,
  signInAs,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Every page a person can reach, at 1280 and 375 px, signed out and signed in, says nothing in the
// console: a warning or error there is a bug someone will meet (a missing label, a failed asset, a
// blocked script), so the journey names the page and the message.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'quiet-console-9';

beforeAll(async () => {
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

async function browserAt(viewport = DESKTOP): Promise<Browser> {
  const b = await openBrowser(viewport);
  browsers.push(b);
  return b;
}

async function post(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${server.url}/${path}`, {
    data,
    headers: {
      accept: 'application/json',
      'x-xsrf-token': cookieValue(await context.cookies(server.url), 'XSRF-TOKEN') ?? '',
    },
  });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A user with a folder, a starred file, a file in the trash, a link, a workspace and a folder shared with them. */
async function seededUser() {
  const email = uniqueEmail('quiet');
  const friend = uniqueEmail('quiet-friend');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Nila', last_name: 'Das' });
  await registerViaApi(server, friend, PASSWORD, { first_name: 'Arun', last_name: 'Pillai' });
  const other = await browserAt();
  await signInAs(server, other.context, friend, PASSWORD);
  const shared = await driveApi(server, other.context).folder('Team notes');
  await post(other.context, 'api/v1/file-entries/shares', {
    entryIds: [shared.id],
    emails: [email],
    permission: 'view',
  });
  await other.close();
  browsers.splice(browsers.indexOf(other), 1);

  const b = await browserAt();
  await signInAs(server, b.context, email, PASSWORD);
  const api = driveApi(server, b.context);
  const folder = await api.folder('Reports');
  await api.upload('summary.txt', 'the year in numbers\n', 'text/plain', folder.id);
  const starred = await api.upload('starred.txt', 'keep close\n', 'text/plain');
  await post(b.context, 'api/v1/file-entries/star', { entryIds: [starred.id] });
  const gone = await api.upload('old.txt', 'no longer needed\n', 'text/plain');
  await post(b.context, 'api/v1/file-entries/delete', { entryIds: [gone.id] });
  const link = (await post(b.context, `api/v1/file-entries/${folder.id}/shareable-link`, {})).link as {
    hash: string;
  };
  const workspace = (await post(b.context, 'api/v1/workspace', { name: 'Studio' })).workspace as { id: number };
  await b.close();
  browsers.splice(browsers.indexOf(b), 1);
  return { email, folder, link, workspace };
}

/**
 * Collects console warnings and errors and uncaught errors of a page, each as 'page: message' under
 * the path open at the time.
 */
function listen(page: Page): { heard: string[]; at: (path: string) => void } {
  let current = '(before the first page)';
  const heard: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'warning' && msg.type() !== 'error') return;
    const where = msg.location().url ? ` (${msg.location().url.replace(server.url, '')})` : '';
    heard.push(`${current}: ${msg.type()} ${msg.text()}${where}`);
  });
  page.on('pageerror', (error) => heard.push(`${current}: uncaught ${error.message}`));
  return { heard, at: (path) => (current = path) };
}

/** Opens each path at both widths, waiting for the app (or the API docs) to settle. */
async function visitAll(page: Page, paths: string[], at: (path: string) => void) {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      at(`${path} at ${viewport.width} px`);
      await page.goto(server.url + path);
      if (path.startsWith('/api-docs')) await page.locator('.swagger-ui .info .title').waitFor();
      else await waitForApp(page);
      await page.waitForLoadState('networkidle');
      // Late effects (lazy dialogs, deferred fetches) get a moment to speak.
      await page.waitForTimeout(300);
    }
  }
}

describe('the console', () => {
  it('stays quiet on every page a visitor can open', async () => {
    const { link } = await seededUser();
    const { page } = await browserAt();
    const { heard, at } = listen(page);
    await visitAll(
      page,
      [
        '/',
        '/pricing',
        '/contact',
        '/reseller',
        '/login',
        '/register',
        '/forgot-password',
        '/password/reset/some-reset-token',
        '/workspace/join/login',
        '/workspace/join/register',
        '/pages/about-us',
        '/pages/privacy-policy',
        '/pages/terms-of-service',
        `/drive/s/${link.hash}`,
        `/s/${link.hash}`,
        '/404',
        '/api-docs',
        // Login-only pages send a visitor on to /login.
        '/drive',
      ],
      at,
    );
    expect(heard).toEqual([]);
  }, 240_000);

  it('stays quiet on every page a signed-in user can open', async () => {
    const { email, folder, link, workspace } = await seededUser();
    const plans = await fetch(`${server.url}/api/v1/billing/products?loader=pricingPage`, {
      headers: { accept: 'application/json' },
    });
    const paid = ((await plans.json()) as ListProductsResponse).pagination.data.find((plan) => !plan.free);
    if (!paid) throw new Error('no paid plan seeded');
    const b = await browserAt();
    await signInAs(server, b.context, email, PASSWORD);
    const { heard, at } = listen(b.page);
    const drivePages = [
      '/drive',
      '/drive/recent',
      '/drive/starred',
      '/drive/shares',
      '/drive/trash',
      `/drive/folders/${folder.hash}`,
      '/drive/search?query=summary',
    ];
    await visitAll(
      b.page,
      [
        ...drivePages,
        '/account-settings',
        '/notifications',
        '/notifications/settings',
        `/checkout/${paid.id}/${paid.prices[0].id}`,
        '/',
        '/pricing',
        '/contact',
        '/reseller',
        '/pages/about-us',
        `/drive/s/${link.hash}`,
        '/404',
        '/api-docs',
      ],
      at,
    );
    // The drive inside a workspace (its switcher, roles and members).
    await b.context.addCookies([{ name: 'activeWorkspaceId', value: String(workspace.id), url: server.url }]);
    await visitAll(
      b.page,
      drivePages.filter((path) => !path.includes('/folders/')),
      (path) => at(`${path} in a workspace`),
    );
    expect(heard).toEqual([]);
  }, 360_000);

  it("stays quiet while a user opens the drive's menus, dialogs and panels", async () => {
    const { email } = await seededUser();
    const b = await browserAt();
    await signInAs(server, b.context, email, PASSWORD);
    const { page } = b;
    const { heard, at } = listen(page);
    const step = async (name: string, act: () => Promise<void>) => {
      at(`/drive, ${name}`);
      await act();
      await page.waitForTimeout(200);
    };
    // Dialogs are named: a closing menu's popover is a dialog too, and the lazily loaded one may come after it.
    const closeWithEscape = async (opened: ReturnType<Page['getByRole']>) => {
      await opened.waitFor();
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
    };
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await step('account menu at 1280 px', async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await closeWithEscape(page.getByRole('menu'));
    });
    await step('notifications', async () => {
      await page.getByRole('button', { name: 'Notifications' }).click();
      await closeWithEscape(page.getByRole('dialog'));
    });
    await step('New menu and the new folder dialog', async () => {
      await page.getByRole('button', { name: 'New', exact: true }).click();
      await page.getByRole('menuitem', { name: 'New folder' }).click();
      await closeWithEscape(page.getByRole('dialog', { name: 'New folder' }));
    });
    await step('sort menu', async () => {
      await page.getByRole('button', { name: /^Sort by/ }).click();
      await closeWithEscape(page.getByRole('menu'));
    });
    await step('workspace switcher', async () => {
      await page.getByTestId('workspace-switcher').click();
      await closeWithEscape(page.getByRole('menu'));
    });
    await step('context menu and the share dialog', async () => {
      await entry(page, 'starred.txt').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Share', exact: true }).click();
      await closeWithEscape(page.getByRole('dialog', { name: 'Share "starred.txt"' }));
    });
    await step('details panel', async () => {
      await entry(page, 'starred.txt').click();
      await page.getByRole('button', { name: 'View details' }).click();
      await page.getByRole('button', { name: 'Close details' }).click();
    });
    await step('previewer', async () => {
      await entry(page, 'starred.txt').dblclick();
      await closeWithEscape(page.getByRole('dialog'));
    });
    await step('shortcuts sheet', async () => {
      await page.keyboard.press('?');
      await closeWithEscape(page.getByRole('dialog'));
    });
    await step('search suggestions', async () => {
      await page.getByRole('combobox', { name: 'Search files and folders' }).fill('star');
      await page.getByTestId('suggestions').waitFor();
      await page.keyboard.press('Escape');
    });
    await page.setViewportSize(MOBILE);
    await step('drawer at 375 px', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await closeWithEscape(page.getByRole('dialog', { name: 'Drive' }));
    });
    await step('floating New menu at 375 px', async () => {
      await page.getByRole('button', { name: 'New', exact: true }).click();
      await closeWithEscape(page.getByRole('menu'));
    });
    await step('account menu at 375 px', async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await closeWithEscape(page.getByRole('menu'));
    });
    expect(heard).toEqual([]);
  }, 180_000);
});
