import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cookie, Page } from 'playwright-core';
import { expectToast } from './account-steps.ts';
import {
  ADMIN,
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
import { startMailCatcher } from './mail-catcher.ts';

// Mail templates in the admin area at 1280 and 375 px: the list of every mail; the password reset
// mail opened, its subject changed with a variable inserted from the list beside the editor, the
// preview following, an unknown variable refused under its field; saved, and the next reset mail
// (asked for on /forgot-password, caught at a real SMTP listener) carries the new subject; the
// default restored after a confirmation, and the mail is as before; the question before leaving
// unsaved changes; axe on each screen.

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let adminCookies: Cookie[] | undefined;
const browsers: Browser[] = [];
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) {
    expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
    await b.close();
  }
});

async function adminPage(viewport = DESKTOP): Promise<Page> {
  const b = await openBrowser(viewport);
  browsers.push(b);
  // One sign-in for the file: its cookies open every later page (sign-ins are limited per address).
  if (adminCookies) await b.context.addCookies(adminCookies);
  else {
    await signInAs(server, b.context, ADMIN.email, ADMIN.password);
    adminCookies = (await b.context.cookies(server.url)).filter((c) => c.name !== 'be-active-theme');
  }
  return b.page;
}

async function go(page: Page, to: string) {
  await page.goto(server.url + to);
  await waitForApp(page);
}

/** Asks for a password reset as a visitor would, and answers the mail that arrives after `after` messages. */
async function requestReset(after: number) {
  const b = await openBrowser(DESKTOP);
  browsers.push(b);
  await go(b.page, '/forgot-password');
  await b.page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await b.page.getByRole('button', { name: 'Send reset link' }).click();
  await b.page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  return mail.waitFor((m) => m.to.includes(ADMIN.email) && mail.messages.indexOf(m) >= after, 15_000);
}

/** Scrolls the preview (under the editor) to the top of the screen. */
const showPreview = (page: Page) =>
  page.evaluate(() => document.getElementById('mail-preview')?.scrollIntoView({ block: 'start' }));
const subjectField = (page: Page) => page.getByRole('textbox', { name: 'Subject' });
const previewSubject = (page: Page) => page.getByTestId('preview-subject');

describe('admin mail templates', () => {
  it('edits the password reset subject with a live preview, mails it, and restores the default (1280)', async () => {
    const page = await adminPage();
    await go(page, '/admin');
    await page.getByRole('link', { name: 'Mail templates' }).first().click();
    await page.getByRole('heading', { name: 'Mail templates', level: 1 }).waitFor();
    const reset = page.getByRole('link', { name: /Password reset/ });
    await expect(reset.textContent()).resolves.toContain('Default');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-mail-templates-list-1280');

    await reset.click();
    await page.getByRole('heading', { name: 'Password reset', level: 1 }).waitFor();
    await expect(subjectField(page).inputValue()).resolves.toBe('Reset your {{site_name}} password');
    await previewSubject(page).filter({ hasText: 'Reset your Kosh password' }).waitFor(POLL);
    const frame = page.frameLocator('iframe[title="HTML version"]');
    await frame.getByRole('link', { name: 'Choose a new password' }).waitFor(POLL);

    // A variable the mail does not have is named under the field, from the live preview.
    await subjectField(page).fill('Hello {{nope}}');
    await page.getByText('Unknown variable {{nope}}').waitFor(POLL);
    // Typed text, then the site name inserted from the list where the cursor is.
    await subjectField(page).fill('Your new password for ');
    await page.getByRole('button', { name: /\{\{site_name\}\}/ }).click();
    await expect(subjectField(page).inputValue()).resolves.toBe('Your new password for {{site_name}}');
    await previewSubject(page).filter({ hasText: 'Your new password for Kosh' }).waitFor(POLL);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-mail-templates-edit-1280');
    await showPreview(page);
    await screenshot(page, 'admin-mail-templates-preview-1280');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Saved Password reset');
    await page.getByText('Edited', { exact: true }).first().waitFor();

    const edited = await requestReset(mail.messages.length);
    expect(edited.subject).toBe('Your new password for Kosh');

    await page.getByRole('button', { name: 'Restore default' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore the default?' });
    await dialog.waitFor();
    await screenshot(page, 'admin-mail-templates-restore-1280');
    await dialog.getByRole('button', { name: 'Restore default' }).click();
    await expectToast(page, 'Restored the default of Password reset');
    await expect(subjectField(page).inputValue()).resolves.toBe('Reset your {{site_name}} password');
    await previewSubject(page).filter({ hasText: 'Reset your Kosh password' }).waitFor(POLL);

    const restored = await requestReset(mail.messages.length);
    expect(restored.subject).toBe('Reset your Kosh password');
  });

  it('fits a phone, and asks before leaving unsaved changes (375)', async () => {
    const page = await adminPage(MOBILE);
    await go(page, '/admin/mail-template');
    await page.getByRole('heading', { name: 'Mail templates', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-mail-templates-list-375');

    await go(page, '/admin/mail-template/share_notification');
    await page.getByRole('heading', { name: 'Shared with you', level: 1 }).waitFor();
    await previewSubject(page).filter({ hasText: 'Ada Lovelace shared' }).waitFor(POLL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-mail-templates-edit-375');
    await showPreview(page);
    await screenshot(page, 'admin-mail-templates-preview-375');

    await subjectField(page).fill('{{sharer}} shared something');
    await page.getByRole('link', { name: 'All mail templates' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await ask.waitFor();
    await screenshot(page, 'admin-mail-templates-leave-375');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(subjectField(page).inputValue()).resolves.toBe('{{sharer}} shared something');
    await page.getByRole('link', { name: 'All mail templates' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Mail templates', level: 1 }).waitFor();
  });
});
