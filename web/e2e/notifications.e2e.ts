import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, expectToast, pathOf, registerViaApi, uniqueEmail, waitForPath } from './account-steps.ts';
import { startDriveServer } from './drive-steps.ts';
import {
  apiClient,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The notification journeys: the bell counts a share live (no reload), the popover
// and the /notifications page list it, a click marks it read and opens it, 'Mark all as read',
// delete-all and the empty state; /notifications/settings with group checkboxes (indeterminate),
// 'Update preferences', and the browser channel refused when the site's notifications are blocked.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'notify-pass-42';
/** The bound for a live notification to reach an open page. */
const LIVE_MS = 2000;

beforeAll(async () => {
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  if (browser) expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  await browser?.close();
  browser = undefined;
});

type Api = Awaited<ReturnType<typeof apiClient>>;

/** A new account, signed in through the API (for the sharer) or in a browser (for the recipient). */
async function newUser(prefix: string, firstName: string) {
  const email = uniqueEmail(prefix);
  await registerViaApi(server, email, PASSWORD, { first_name: firstName, last_name: 'Tester' });
  return email;
}

/** The sharer creates a folder and shares it with `email` through POST file-entries/shares. */
async function shareFolder(sharer: Api, name: string, email: string): Promise<{ hash: string }> {
  const folder = await sharer.call('POST', 'api/v1/folders', { name, parentId: null });
  expect(folder.status, JSON.stringify(folder.body)).toBe(201);
  const entry = (folder.body as { fileEntry: { id: number; hash: string } }).fileEntry;
  const share = await sharer.call('POST', 'api/v1/file-entries/shares', {
    entryIds: [entry.id],
    emails: [email],
    permission: 'view',
  });
  expect(share.status, JSON.stringify(share.body)).toBe(200);
  return { hash: entry.hash };
}

async function openAs(email: string, at: string, viewport = DESKTOP): Promise<Page> {
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, PASSWORD);
  const page = browser.page;
  await page.goto(server.url + at);
  await waitForApp(page);
  return page;
}

const bell = (page: Page) => page.getByTestId('notifications-bell');
const badge = (page: Page) => bell(page).getByTestId('unread-badge');
const popover = (page: Page) => page.getByTestId('notifications-popover');
/** Clicks a checkbox's visible box (its label), as a person does. */
const press = (box: ReturnType<Page['locator']>) => box.locator('xpath=ancestor::label[1]').click();
const rows = (scope: Page | ReturnType<Page['locator']>) => scope.getByTestId('notification-row');

describe('notifications', () => {
  it('counts a share live on the drive page, opens it from the popover and marks it read', async () => {
    const sharerEmail = await newUser('sharer', 'Meera');
    const recipient = await newUser('recipient', 'Ravi');
    const sharer = await apiClient(server, sharerEmail, PASSWORD);
    const page = await openAs(recipient, '/drive');
    // Signing in from this browser (registration was another client) brought a new-sign-in
    // notification: no image, so it shows the unread dot. Mark all as read clears the bell.
    await badge(page).filter({ hasText: '1' }).waitFor();
    await bell(page).click();
    const signIn = rows(popover(page)).filter({ hasText: 'New sign-in to your account' });
    await signIn.getByTestId('unread-dot').waitFor();
    await popover(page).getByRole('button', { name: 'Mark all as read' }).click();
    await signIn.getByTestId('unread-dot').waitFor({ state: 'detached' });
    await badge(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await popover(page).waitFor({ state: 'detached' });
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // The live stream opens with the count; give it a moment to connect before the share.
    await page.waitForTimeout(500);
    const { hash } = await shareFolder(sharer, 'Quarterly reports', recipient);
    const sharedAt = Date.now();
    await badge(page).filter({ hasText: '1' }).waitFor({ timeout: LIVE_MS });
    expect(Date.now() - sharedAt).toBeLessThanOrEqual(LIVE_MS);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await bell(page).getAttribute('aria-label')).toBe('1 unread notifications');

    await bell(page).click();
    await popover(page).getByRole('heading', { name: 'Notifications' }).waitFor();
    const row = rows(popover(page)).first();
    await row.filter({ hasText: 'Meera Tester shared "Quarterly reports" with you' }).waitFor();
    expect(await rows(popover(page)).count()).toBe(2);
    expect(await row.getAttribute('data-unread')).toBe('true');
    await popover(page).getByRole('button', { name: 'Mark all as read' }).waitFor();
    expect(await popover(page).getByRole('link', { name: 'Notification settings' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-popover-1280');

    // A row click marks it read, then follows its main action (the shared folder).
    await row.getByRole('button').first().click();
    await waitForPath(page, `/drive/folders/${hash}`);
    await badge(page).waitFor({ state: 'detached' });
    const list = await page.context().request.get(`${server.url}/api/v1/notifications`);
    const stored = ((await list.json()) as { pagination: { data: Array<{ read_at: string | null }> } }).pagination.data;
    expect(stored).toHaveLength(2);
    expect(stored.every((n) => n.read_at)).toBe(true);
  });

  it('lists notifications on /notifications, live, with mark all as read, delete all and the empty state', async () => {
    const sharerEmail = await newUser('sharer', 'Anil');
    const recipient = await newUser('recipient', 'Lata');
    const sharer = await apiClient(server, sharerEmail, PASSWORD);
    const page = await openAs(recipient, '/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    // The new-sign-in notification of this browser: unread, with the dot (it has no image).
    const signIn = rows(page).filter({ hasText: 'New sign-in to your account' });
    await signIn.getByTestId('unread-dot').waitFor();
    // Every type has its own icon, so a row never starts with a blank.
    expect(await signIn.getByTestId('notification-icon').getAttribute('data-type')).toBe('new-sign-in');
    expect(await page.getByRole('link', { name: 'Notification settings' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    await badge(page).waitFor({ state: 'detached' });
    expect(await signIn.getByTestId('unread-dot').count()).toBe(0);

    // With none unread, the popover offers delete-all (confirmed); both lists show the empty state.
    await bell(page).click();
    await popover(page).getByRole('button', { name: 'Delete all notifications' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('All of your notifications will be deleted.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Hang tight!').waitFor();
    await page.getByText('Notifications will start showing up here soon.').waitFor();
    await bell(page).click();
    await popover(page).getByText('Hang tight!').waitFor();
    expect(await popover(page).getByRole('button', { name: 'Delete all notifications' }).count()).toBe(0);
    expect(await popover(page).getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    await screenshot(page, 'notifications-popover-empty-1280');
    await page.mouse.click(40, 600);
    await popover(page).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    await screenshot(page, 'notifications-page-empty-1280');

    // The open page takes new notifications without a reload.
    await page.waitForTimeout(500);
    await shareFolder(sharer, 'Design files', recipient);
    await shareFolder(sharer, 'Invoices 2026', recipient);
    await rows(page).nth(1).waitFor({ timeout: LIVE_MS });
    expect(await rows(page).allInnerTexts()).toEqual([
      expect.stringContaining('Anil Tester shared "Invoices 2026" with you'),
      expect.stringContaining('Anil Tester shared "Design files" with you'),
    ]);
    await badge(page).filter({ hasText: '2' }).waitFor();
    expect(await page.locator('[data-testid="notification-row"][data-unread]').count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-page-1280');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    await badge(page).waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="notification-row"][data-unread]').count()).toBe(0);
  });

  it('shows the page and the account menu entry with the unread count at 375 px', async () => {
    const sharerEmail = await newUser('sharer', 'Vikram');
    const recipient = await newUser('recipient', 'Kiran');
    const sharer = await apiClient(server, sharerEmail, PASSWORD);
    await shareFolder(sharer, 'A folder with a rather long name that should wrap nicely on phones', recipient);
    const page = await openAs(recipient, '/drive', MOBILE);
    // Small screens: no bell; the account menu carries 'Notifications' with the count.
    expect(await bell(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const item = page.getByRole('menuitem', { name: 'Notifications' });
    await item.filter({ hasText: /^Notifications\s*2$/ }).waitFor();
    await screenshot(page, 'notifications-account-menu-375');
    await item.click();
    await waitForPath(page, '/notifications');
    const shared = rows(page).filter({ hasText: 'Vikram Tester shared' });
    await shared.waitFor();
    await screenshot(page, 'notifications-page-375');
    // A way back to where the user came from.
    await page.getByRole('button', { name: 'Go back' }).click();
    await waitForPath(page, '/drive');
    await page.goForward();
    await waitForPath(page, '/notifications');
    await shared.getByRole('button').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/drive/folders/'));
  });

  it('answers workspace invites from their notification: join, decline, and a stale invite', async () => {
    const ownerEmail = await newUser('owner', 'Priya');
    const invitee = await newUser('invitee', 'Arjun');
    const owner = await apiClient(server, ownerEmail, PASSWORD);
    const createAndInvite = async (name: string) => {
      const created = await owner.call('POST', 'api/v1/workspace', { name });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      const { workspace } = created.body as { workspace: { id: number } };
      const invited = await owner.call('POST', `api/v1/workspace/${workspace.id}/invite`, {
        emails: [invitee],
        role: 'editor',
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      return workspace.id;
    };
    const page = await openAs(invitee, '/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.waitForTimeout(500);
    const inviteRow = (name: string) => rows(page).filter({ hasText: `You are invited to join the ${name} workspace` });

    // Join: the toast, and the joined workspace becomes the active one.
    const designId = await createAndInvite('Design team');
    await inviteRow('Design team').waitFor({ timeout: LIVE_MS });
    expect(await inviteRow('Design team').getByText('Invited by Priya Tester').count()).toBe(1);
    await screenshot(page, 'notifications-invite-1280');
    await inviteRow('Design team').getByRole('button', { name: 'Join', exact: true }).click();
    await expectToast(page, 'Joined workspace');
    const active = (await page.context().cookies(server.url)).find((c) => c.name === 'activeWorkspaceId');
    expect(active?.value).toBe(String(designId));
    await inviteRow('Design team').and(page.locator(':not([data-unread])')).waitFor();
    const mine = await page.context().request.get(`${server.url}/api/v1/me/workspaces?workspaceId=0`);
    expect(((await mine.json()) as { workspaces: Array<{ id: number }> }).workspaces.map((w) => w.id)).toContain(
      designId,
    );
    await dismissToasts(page);

    // Decline.
    await createAndInvite('Finance');
    await inviteRow('Finance').getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(page, 'Declined workspace invitation');
    await dismissToasts(page);

    // A stale invite (its workspace deleted meanwhile) answers 404 with the server's message.
    const goneId = await createAndInvite('Short lived');
    await inviteRow('Short lived').waitFor({ timeout: LIVE_MS });
    expect((await owner.call('DELETE', `api/v1/workspace/${goneId}`)).status).toBe(200);
    await inviteRow('Short lived').getByRole('button', { name: 'Join', exact: true }).click();
    await expectToast(page, 'This invite is no longer valid');
  });

  it('chooses channels on /notifications/settings: group checkboxes, indeterminate, update preferences', async () => {
    const email = await newUser('prefs', 'Nisha');
    const page = await openAs(email, '/notifications/settings');
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    const sharingEmail = page.getByRole('checkbox', { name: 'Sharing: Email' });
    const folderUploadEmail = page.getByRole('checkbox', {
      name: 'Someone uploads a file into a folder I shared: Email',
    });
    const sharedWithMeEmail = page.getByRole('checkbox', { name: 'Someone shares a file or folder with me: Email' });
    const isMixed = (box: typeof sharingEmail) => box.evaluate((el) => (el as HTMLInputElement).indeterminate);
    await sharingEmail.waitFor({ state: 'attached' });

    // Defaults: mail for shares with me, not for uploads into my folders, so the group is mixed.
    expect(await isMixed(sharingEmail)).toBe(true);
    await press(sharingEmail);
    expect(await isMixed(sharingEmail)).toBe(false);
    expect([
      await sharingEmail.isChecked(),
      await sharedWithMeEmail.isChecked(),
      await folderUploadEmail.isChecked(),
    ]).toEqual([true, true, true]);
    await press(sharingEmail);
    expect([
      await sharingEmail.isChecked(),
      await sharedWithMeEmail.isChecked(),
      await folderUploadEmail.isChecked(),
    ]).toEqual([false, false, false]);
    await press(folderUploadEmail);
    expect(await isMixed(sharingEmail)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notification-settings-1280');

    await page.getByRole('button', { name: 'Update preferences' }).click();
    await expectToast(page, 'Updated preferences');
    await dismissToasts(page);
    await page.reload();
    await waitForApp(page);
    await sharingEmail.waitFor({ state: 'attached' });
    expect(await isMixed(sharingEmail)).toBe(true);
    expect(await folderUploadEmail.isChecked()).toBe(true);
    expect(await sharedWithMeEmail.isChecked()).toBe(false);

    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(200);
    await screenshot(page, 'notification-settings-375');
  });

  it('refuses the browser channel while the site is blocked from showing notifications', async () => {
    const email = await newUser('blocked', 'Dev');
    const page = await openAs(email, '/notifications/settings');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.url,
    });
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');

    const securityBrowser = page.getByRole('checkbox', { name: 'Security: Browser' });
    await securityBrowser.waitFor({ state: 'attached' });
    // Defaults have the browser channel on: turn the group off (no permission needed), then on again.
    if (await securityBrowser.isChecked()) await press(securityBrowser);
    expect(await securityBrowser.isChecked()).toBe(false);
    await press(securityBrowser);
    await expectToast(page, 'Notifications blocked. Please enable them for this site from browser settings.');
    expect(await securityBrowser.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'A new sign-in to my account: Browser' }).isChecked()).toBe(false);
    await screenshot(page, 'notification-settings-blocked-1280');
  });

  it('looks right in the dark theme', async () => {
    const sharerEmail = await newUser('sharer', 'Zoya');
    const recipient = await newUser('dark', 'Dhruv');
    const sharer = await apiClient(server, sharerEmail, PASSWORD);
    await shareFolder(sharer, 'Night photos', recipient);
    browser = await openBrowser(DESKTOP);
    await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
    await signInAs(server, browser.context, recipient, PASSWORD);
    const page = browser.page;
    await page.goto(`${server.url}/notifications`);
    await waitForApp(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await rows(page).nth(1).waitFor();
    await bell(page).click();
    await rows(popover(page)).nth(1).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-dark-1280');
    await page.goto(`${server.url}/notifications/settings`);
    await waitForApp(page);
    await page.getByRole('checkbox', { name: 'Sharing: Email' }).waitFor({ state: 'attached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notification-settings-dark-1280');
  });

  it('serves the service worker for the whole site', async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.text()).toContain("addEventListener('push'");
  });

  it('shows a pushed notification through the service worker', async () => {
    // Chromium offline reaches no push service, so the push is handed to the worker the way
    // DevTools does (ServiceWorker.deliverPushMessage); the server's sending is tested server-side.
    const email = await newUser('push', 'Tara');
    const page = await openAs(email, '/notifications');
    await page.context().grantPermissions(['notifications'], { origin: server.url });
    const cdp = await page.context().newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) =>
        registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${server.url}/`);
    await expect.poll(() => registrations.find((r) => r.scopeURL === scope)).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === scope)!;
    const payload = {
      id: 'n-push-1',
      type: 'file-entry-shared',
      title: 'Kosh',
      body: 'Meera Tester shared "Plans" with you',
      url: '/drive/shares',
    };
    const shownNow = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        }));
      });
    // A push handed over while the new worker is still activating can be dropped by Chromium;
    // the same tag replaces rather than adds, so delivering again until it shows is safe.
    const shown = async () => {
      const notifications = await shownNow();
      if (notifications.length === 0)
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: server.url,
          registrationId,
          data: JSON.stringify(payload),
        });
      return notifications;
    };
    await expect
      .poll(shown, { timeout: 15_000, interval: 500 })
      .toEqual([{ title: 'Kosh', body: payload.body, tag: 'n-push-1', url: `${server.url}/drive/shares` }]);
  });

  it('sends /notifications/settings home when subscriptions are not integrated', async () => {
    const email = await newUser('nosubs', 'Om');
    await setSettings(server, { 'notif.subs.integrated': false });
    try {
      const page = await openAs(email, '/notifications/settings');
      await page.waitForURL((url) => !url.pathname.startsWith('/notifications'), { timeout: 15_000 });
      await page.goto(`${server.url}/notifications`);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Notification settings' }).count()).toBe(0);
      expect(pathOf(page)).toBe('/notifications');
    } finally {
      await setSettings(server, { 'notif.subs.integrated': true });
    }
  });
});
