import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { entry, startDriveServer } from './drive-steps.ts';
import {
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
import { startMailCatcher } from './mail-catcher.ts';

// The workspace journey: the owner creates a workspace and invites someone; the
// invitee joins from the notification; both upload and see each other's files; the owner makes
// the invitee a viewer and the invitee's next upload is refused with the server's reason.

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const browsers: Browser[] = [];
const PASSWORD = 'workspace-pass-42';

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startDriveServer({ SMTP_URL: mail.url });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
  await mail?.stop();
});

async function openAs(email: string, viewport = DESKTOP): Promise<{ page: Page; browser: Browser }> {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  await signInAs(server, browser.context, email, PASSWORD);
  await browser.page.goto(`${server.url}/drive`);
  await waitForApp(browser.page);
  return { page: browser.page, browser };
}

const switcher = (page: Page) => page.getByTestId('workspace-switcher');
const members = (page: Page) => page.getByRole('dialog', { name: 'Studio' });

async function upload(page: Page, name: string, text: string) {
  await page
    .getByTestId('upload-files-input')
    .setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }]);
}

describe('workspaces', () => {
  it('creates a workspace, invites by email, joins from the notification, shares files, enforces roles', async () => {
    const ownerEmail = uniqueEmail('owner');
    const inviteeEmail = uniqueEmail('invitee');
    await registerViaApi(server, ownerEmail, PASSWORD, { first_name: 'Meera', last_name: 'Owner' });
    await registerViaApi(server, inviteeEmail, PASSWORD, { first_name: 'Ravi', last_name: 'Guest' });

    // The owner: the switcher lists the default workspace; a new one becomes active.
    const { page: owner, browser: ownerBrowser } = await openAs(ownerEmail);
    await switcher(owner).filter({ hasText: 'Default' }).waitFor();
    await owner.getByRole('heading', { name: 'Your drive is empty' }).waitFor();
    await upload(owner, 'personal.txt', 'mine alone');
    await entry(owner, 'personal.txt').waitFor();
    await switcher(owner).click();
    await owner.getByRole('menuitem', { name: 'Create workspace' }).click();
    const create = owner.getByRole('dialog', { name: 'Create workspace' });
    await create.getByRole('textbox', { name: 'Workspace name' }).fill('Studio');
    await create.getByRole('button', { name: 'Create' }).click();
    await expectToast(owner, 'Created workspace');
    await switcher(owner).filter({ hasText: 'Studio' }).waitFor();
    await owner.getByRole('heading', { name: 'Your drive is empty' }).waitFor();
    expect(await entry(owner, 'personal.txt').count()).toBe(0);
    await switcher(owner).click();
    const menu = owner.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Default1 member',
      'Studio1 member',
      'Manage members',
      'Create workspace',
    ]);
    await screenshot(owner, 'workspaces-switcher-1280');
    await owner.getByRole('menuitem', { name: 'Manage members' }).click();

    // An address that cannot be one is named on the field, before anything is sent.
    const field = members(owner).getByRole('textbox', { name: 'Invite people' });
    await field.fill(`${inviteeEmail}\nnot-an-address`);
    await members(owner).getByRole('button', { name: 'Invite', exact: true }).click();
    await members(owner).getByText('not-an-address is not a valid email address.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await screenshot(owner, 'workspaces-invite-error-1280');
    // Invite by email at the editor role (the default).
    await field.fill(inviteeEmail);
    await members(owner).getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(owner, 'Invitation sent');
    await members(owner).getByTestId('workspace-invite').filter({ hasText: inviteeEmail }).waitFor();
    expect(await seriousA11yViolations(owner)).toEqual([]);
    await screenshot(owner, 'workspaces-members-1280');
    await members(owner).getByRole('button', { name: 'Close', exact: true }).last().click();
    await upload(owner, 'owner-plan.txt', 'the plan');
    await entry(owner, 'owner-plan.txt').waitFor();

    // The invitee joins from the bell's popover and lands in the workspace.
    const { page: invitee, browser: inviteeBrowser } = await openAs(inviteeEmail);
    await switcher(invitee).filter({ hasText: 'Default' }).waitFor();
    await invitee.getByTestId('notifications-bell').click();
    const row = invitee
      .getByTestId('notifications-popover')
      .getByTestId('notification-row')
      .filter({ hasText: 'Studio' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Join', exact: true }).click();
    await expectToast(invitee, 'Joined workspace');
    // Joining switches to the workspace, so the popover closes.
    await invitee.getByTestId('notifications-popover').waitFor({ state: 'hidden' });
    await switcher(invitee).filter({ hasText: 'Studio' }).waitFor();
    await entry(invitee, 'owner-plan.txt').waitFor();
    expect(await entry(invitee, 'personal.txt').count()).toBe(0);
    await upload(invitee, 'invitee-notes.txt', 'notes');
    await entry(invitee, 'invitee-notes.txt').waitFor();

    // The owner sees the invitee's file, then makes them a viewer.
    await owner.reload();
    await waitForApp(owner);
    await entry(owner, 'invitee-notes.txt').waitFor();
    await switcher(owner).click();
    await owner.getByRole('menuitem', { name: 'Manage members' }).click();
    const inviteeRow = members(owner).getByTestId('workspace-member').filter({ hasText: inviteeEmail });
    await inviteeRow.getByRole('button', { name: /^Role of Ravi Guest/ }).click();
    await owner.getByRole('menuitem', { name: 'Viewer' }).click();
    await expectToast(owner, 'Updated role');
    await inviteeRow.getByRole('button', { name: 'Role of Ravi Guest: Viewer' }).waitFor();
    await members(owner).getByRole('button', { name: 'Close', exact: true }).last().click();

    // The viewer's upload is refused with the server's reason.
    await upload(invitee, 'blocked.txt', 'nope');
    await invitee.getByTestId('upload-panel').getByText('Your role in this workspace does not allow this.').waitFor();
    expect(await entry(invitee, 'blocked.txt').count()).toBe(0);
    await entry(invitee, 'owner-plan.txt').waitFor();
    // Once the page knows the new role, a viewer is not offered New at all.
    await invitee.reload();
    await entry(invitee, 'owner-plan.txt').waitFor();
    await expect
      .poll(() => invitee.getByRole('button', { name: 'New', exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    expect(unexpectedConsoleErrors(inviteeBrowser.consoleErrors)).toEqual([]);

    // Small screens: the switcher sits in the drawer; the members dialog is full screen.
    // The workspace used last follows the user: a new browser opens Studio, where the owner worked.
    const { page: mobile } = await openAs(ownerEmail, MOBILE);
    await entry(mobile, 'owner-plan.txt').waitFor();
    expect(await entry(mobile, 'personal.txt').count()).toBe(0);
    await mobile.getByRole('button', { name: 'Open menu' }).click();
    await switcher(mobile).filter({ hasText: 'Studio' }).click();
    await mobile.getByRole('menu').waitFor();
    await screenshot(mobile, 'workspaces-switcher-375');
    await mobile.getByRole('menuitem', { name: 'Default' }).click();
    await entry(mobile, 'personal.txt').waitFor();
    if (!(await switcher(mobile).isVisible())) await mobile.getByRole('button', { name: 'Open menu' }).click();
    await switcher(mobile).filter({ hasText: 'Default' }).click();
    await mobile.getByRole('menuitem', { name: 'Studio' }).click();
    await entry(mobile, 'owner-plan.txt').waitFor();
    if (!(await switcher(mobile).isVisible())) await mobile.getByRole('button', { name: 'Open menu' }).click();
    await switcher(mobile).filter({ hasText: 'Studio' }).click();
    await mobile.getByRole('menuitem', { name: 'Manage members' }).click();
    await members(mobile).getByTestId('workspace-member').filter({ hasText: inviteeEmail }).waitFor();
    await screenshot(mobile, 'workspaces-members-375');
    expect(await seriousA11yViolations(mobile)).toEqual([]);

    // A viewer may look at the members, not manage them; 'Leave workspace' sits in the switcher itself.
    await switcher(invitee).click();
    expect(await invitee.getByRole('menuitem', { name: 'Manage members' }).count()).toBe(0);
    await invitee.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await members(invitee).getByTestId('workspace-member').filter({ hasText: inviteeEmail }).waitFor();
    expect(await members(invitee).getByRole('textbox', { name: 'Invite people' }).count()).toBe(0);
    await invitee.keyboard.press('Escape');
    await members(invitee).waitFor({ state: 'detached' });
    // The viewer leaves (after confirming): back in the default workspace, the files gone from view.
    await switcher(invitee).click();
    await invitee.getByRole('menuitem', { name: 'Leave workspace' }).click();
    const leave = invitee.getByRole('alertdialog', { name: 'Leave workspace' });
    await leave.getByText('Leave "Studio"? You will lose access to its files.').waitFor();
    await leave.getByRole('button', { name: 'Leave', exact: true }).click();
    await expectToast(invitee, 'Left workspace');
    await switcher(invitee).filter({ hasText: 'Default' }).waitFor();
    await invitee.getByRole('heading', { name: 'Your drive is empty' }).waitFor();

    // The owner renames, then deletes the workspace: its files go to the owner's trash.
    await switcher(owner).click();
    await owner.getByRole('menuitem', { name: 'Manage members' }).click();
    await members(owner).getByRole('button', { name: 'Rename workspace' }).click();
    const rename = owner.getByRole('dialog', { name: 'Rename workspace' });
    await rename.getByRole('textbox', { name: 'Workspace name' }).fill('Studio North');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expectToast(owner, 'Renamed workspace');
    await owner.getByRole('dialog', { name: 'Studio North' }).getByRole('button', { name: 'Delete workspace' }).click();
    const confirmDelete = owner.getByRole('alertdialog', { name: 'Delete workspace' });
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(owner, 'Deleted workspace');
    await switcher(owner).filter({ hasText: 'Default' }).waitFor();
    await entry(owner, 'personal.txt').waitFor();
    await owner.getByRole('link', { name: 'Trash' }).click();
    await entry(owner, 'owner-plan.txt').waitFor();
    await entry(owner, 'invitee-notes.txt').waitFor();
    expect(unexpectedConsoleErrors(ownerBrowser.consoleErrors)).toEqual([]);
  }, 180_000);

  it('lets an invited address register from the emailed link while registration is closed, and join', async () => {
    const ownerEmail = uniqueEmail('lead');
    const newcomer = uniqueEmail('newcomer');
    await registerViaApi(server, ownerEmail, PASSWORD, { first_name: 'Lata', last_name: 'Lead' });
    const { page: owner } = await openAs(ownerEmail);
    await switcher(owner).click();
    await owner.getByRole('menuitem', { name: 'Create workspace' }).click();
    const create = owner.getByRole('dialog', { name: 'Create workspace' });
    await create.getByRole('textbox', { name: 'Workspace name' }).fill('Atelier');
    await create.getByRole('button', { name: 'Create' }).click();
    await switcher(owner).filter({ hasText: 'Atelier' }).waitFor();
    await upload(owner, 'brief.txt', 'the brief');
    await entry(owner, 'brief.txt').waitFor();
    await switcher(owner).click();
    await owner.getByRole('menuitem', { name: 'Manage members' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Atelier' });
    await dialog.getByRole('textbox', { name: 'Invite people' }).fill(newcomer);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(owner, 'Invitation sent');
    await setSettings(server, { 'registration.disable': true });

    // The emailed link opens the workspace registration page.
    const invite = await mail.waitFor((m) => m.to.includes(newcomer));
    const link = /https?:\/\/[^\s"<>]+\/workspace\/join\/register\/[^\s"<>]+/.exec(invite.text)?.[0];
    expect(link).toBeTruthy();
    const browser = await openBrowser(DESKTOP);
    browsers.push(browser);
    const page = browser.page;
    await page.goto(server.url + new URL(link!).pathname + new URL(link!).search);
    await waitForApp(page);
    const email = page.getByRole('textbox', { name: 'Email' });
    if (!(await email.inputValue())) await email.fill(newcomer);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create an account' }).click();
    // A new account lands where every new account does (spec part 1, 2.2); the drive then opens in the
    // joined workspace.
    await page.waitForURL((url) => !url.pathname.includes('register'), { timeout: 20_000 });
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await switcher(page).filter({ hasText: 'Atelier' }).waitFor({ timeout: 20_000 });
    await entry(page, 'brief.txt').waitFor();
    await screenshot(page, 'workspaces-joined-after-register-1280');
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
    await setSettings(server, { 'registration.disable': false });
  });
});
