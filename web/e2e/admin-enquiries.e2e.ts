import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast } from './account-steps.ts';
import {
  adminClient,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';
import { ok } from './admin-steps.ts';
import { startMailCatcher } from './mail-catcher.ts';

// The enquiries screen: a visitor writes through the public /contact form, a partner through the
// reseller form; staff find them by kind, status and text, read one in full, reply (the mail reaches
// a real SMTP listener and the enquiry becomes answered), archive and reopen it. A reply whose mail
// fails says so and keeps the typed text.

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let browser: Browser | undefined;
const POLL = { timeout: 15_000 };
const PASSWORD = 'enquiries-pass-7';
const STAFF = 'desk.staff@example.in';
const USER = 'just.user@example.in';
const ASHA = { name: 'Asha Rao', email: 'asha.rao@example.in' };
const ASHA_MESSAGE = 'Storage for a school of 400 pupils\nDo you give a discount to schools? Please call after 5 pm.';

type Api = Awaited<ReturnType<typeof adminClient>>;

async function makeUser(api: Api, email: string, permissions: string[]) {
  const { user } = await ok<{ user: { id: number } }>(
    api.call('POST', 'api/v1/admin/users', { email, password: PASSWORD, email_verified: true }),
    201,
  );
  if (permissions.length)
    await ok(api.call('PUT', `api/v1/admin/users/${user.id}`, { permissions: permissions.map((name) => ({ name })) }));
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
  await setSettings(server, { 'contact.email': 'enquiries@kosh.test' });
  const api: Api = await adminClient(server);
  // A visitor writes through the contact page, as anyone would.
  const visitor = await openBrowser(DESKTOP);
  try {
    await visitor.page.goto(`${server.url}/contact`);
    await waitForApp(visitor.page);
    const form = visitor.page.locator('#main-content form');
    await form.getByRole('textbox', { name: 'Name' }).fill(ASHA.name);
    await form.getByRole('textbox', { name: 'Email' }).fill(ASHA.email);
    await form.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210');
    await form.getByRole('textbox', { name: 'Message' }).fill(ASHA_MESSAGE);
    await form.getByRole('button', { name: 'Send' }).click();
    await visitor.page.getByRole('status').filter({ hasText: 'Your message has been submitted.' }).waitFor();
  } finally {
    await visitor.close();
  }
  // Two more through the same public calls: a reseller and another contact.
  await ok(
    api.call('POST', 'api/v1/reseller', {
      name: 'Vikram Shah',
      email: 'vikram.shah@example.in',
      mobileNumber: '+91 98200 12345',
      message: 'We host 60 small firms in Pune and would like to resell your storage.',
    }),
  );
  await ok(
    api.call('POST', 'api/v1/contact-page', {
      name: 'Meera Pillai',
      email: 'meera.pillai@example.in',
      mobileNumber: '9812345678',
      message: 'How do I share a folder with my accountant?',
    }),
  );
  await makeUser(api, STAFF, ['admin.access']);
  await makeUser(api, USER, []);
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openEnquiries(search = '', viewport = DESKTOP, who = 'admin', dark = false): Promise<Page> {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  if (who === 'admin') await signInAs(server, browser.context);
  else await signInAs(server, browser.context, who, PASSWORD);
  await browser.page.goto(`${server.url}/admin/enquiries${search}`);
  await waitForApp(browser.page);
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Enquiries' });
const bodyRows = (page: Page) => table(page).locator('tbody [role="row"]');
const rowOf = (page: Page, name: string) => bodyRows(page).filter({ hasText: name });
const range = (page: Page) => page.getByTestId('table-range');
const waitForRange = (page: Page, text: string) => range(page).filter({ hasText: text }).waitFor();
/** The senders the table shows, top to bottom. */
const shownSenders = (page: Page) =>
  bodyRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('[role="rowheader"] .truncate')?.textContent ?? ''),
  );
const statusOf = (page: Page, name: string) => rowOf(page, name).locator('[data-status]').getAttribute('data-status');

describe('enquiries', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`lists enquiries newest first and finds them by kind, status and text (${theme})`, async () => {
      const page = await openEnquiries('', DESKTOP, 'admin', dark);
      await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
      await waitForRange(page, '1–3 of 3');
      expect(await shownSenders(page)).toEqual(['Meera Pillai', 'Vikram Shah', 'Asha Rao']);
      const asha = rowOf(page, 'Asha Rao');
      // The first line stands for the subject; the rest is in the details.
      expect(await asha.textContent()).toContain('Storage for a school of 400 pupils');
      expect(await asha.textContent()).not.toContain('discount');
      expect(await statusOf(page, 'Asha Rao')).toBe('new');
      expect(await page.title()).toMatch(/^Enquiries - /);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-enquiries-${theme}-1280`);

      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: /Kind/ }).click();
      await page.getByRole('option', { name: 'Reseller' }).click();
      await page.waitForURL(/kind=reseller/);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Remove filter Kind: Reseller' }).waitFor();
      await waitForRange(page, '1–1 of 1');
      expect(await shownSenders(page)).toEqual(['Vikram Shah']);

      await page.goto(`${server.url}/admin/enquiries?query=accountant`);
      await waitForRange(page, '1–1 of 1');
      expect(await shownSenders(page)).toEqual(['Meera Pillai']);
      await page.goto(`${server.url}/admin/enquiries?status=archived`);
      await page.getByText('Nothing matches').waitFor();
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }

  it('opens an enquiry in full and replies by mail; the enquiry becomes answered', async () => {
    const page = await openEnquiries('?query=asha');
    await waitForRange(page, '1–1 of 1');
    await rowOf(page, 'Asha Rao').click();
    const details = page.getByRole('dialog', { name: 'Contact enquiry from Asha Rao' });
    await details.waitFor();
    expect(await details.getByRole('region', { name: 'Message' }).textContent()).toBe(ASHA_MESSAGE);
    expect(await details.getByRole('link', { name: ASHA.email }).getAttribute('href')).toBe(`mailto:${ASHA.email}`);
    expect(await details.getByText('9876543210').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-enquiries-detail-1280');

    await details.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: 'Reply to Asha Rao' });
    await reply.waitFor();
    expect(await reply.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(
      'Re: Storage for a school of 400 pupils',
    );
    // Nothing typed: the message is required.
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await reply.getByText('This field is required.').waitFor();
    await reply.getByRole('textbox', { name: 'Message' }).fill('Yes: schools get 30% off.\nI will call you at 5.');
    await screenshot(page, 'admin-enquiries-reply-1280');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(page, `Reply sent to ${ASHA.email}`);
    await reply.waitFor({ state: 'detached' });

    const sent = await mail.waitFor((m) => m.to.includes(ASHA.email));
    expect(sent.subject).toBe('Re: Storage for a school of 400 pupils');
    expect(sent.text).toContain('Yes: schools get 30% off.');
    expect(sent.text).toContain('> Do you give a discount to schools?');
    await expect.poll(() => statusOf(page, 'Asha Rao'), POLL).toBe('answered');
    // The audit log has it.
    await page.goto(`${server.url}/admin/logs/audit?query=enquiry.reply`);
    await range(page).filter({ hasText: 'of 1' }).waitFor();
  });

  it('archives an enquiry and puts it back to new, both kept after a reload', async () => {
    const page = await openEnquiries();
    await waitForRange(page, '1–3 of 3');
    await rowOf(page, 'Vikram Shah').click();
    const details = page.getByRole('dialog', { name: 'Reseller enquiry from Vikram Shah' });
    await details.getByRole('button', { name: 'Archive' }).click();
    await expectToast(page, 'Enquiry archived');
    await details.getByRole('button', { name: 'Mark as new' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => statusOf(page, 'Vikram Shah'), POLL).toBe('archived');
    await page.reload();
    await waitForApp(page);
    await waitForRange(page, '1–3 of 3');
    expect(await statusOf(page, 'Vikram Shah')).toBe('archived');
    await page.goto(`${server.url}/admin/enquiries?status=archived`);
    await waitForRange(page, '1–1 of 1');

    await rowOf(page, 'Vikram Shah').click();
    await details.getByRole('button', { name: 'Mark as new' }).click();
    await expectToast(page, 'Marked as new');
    await details.getByRole('button', { name: 'Archive' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Nothing matches').waitFor();
    await page.goto(`${server.url}/admin/enquiries?status=new`);
    await waitForRange(page, '1–2 of 2');
    expect(await shownSenders(page)).toEqual(['Meera Pillai', 'Vikram Shah']);
  });

  it('is open to staff holding admin.access, as cards on a phone with the details full screen', async () => {
    const page = await openEnquiries('', MOBILE, STAFF);
    await waitForRange(page, 'of 3');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-enquiries-375');
    await rowOf(page, 'Meera Pillai').click();
    const details = page.getByRole('dialog', { name: 'Contact enquiry from Meera Pillai' });
    await details.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-enquiries-detail-375');
  });

  it('sends a user without admin.access to the not-found page', async () => {
    const page = await openEnquiries('', DESKTOP, USER);
    await page.waitForURL(`${server.url}/404`);
  });

  // Last: it stops the SMTP listener.
  it('says so when the reply mail fails, keeping the typed text, and leaves the enquiry as it was', async () => {
    await mail.stop();
    const page = await openEnquiries('?query=meera');
    await waitForRange(page, '1–1 of 1');
    await rowOf(page, 'Meera Pillai').click();
    await page
      .getByRole('dialog', { name: 'Contact enquiry from Meera Pillai' })
      .getByRole('button', { name: 'Reply' })
      .click();
    const reply = page.getByRole('dialog', { name: 'Reply to Meera Pillai' });
    const text = 'Open the folder, choose Share, and type their address.';
    await reply.getByRole('textbox', { name: 'Message' }).fill(text);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await reply.getByRole('alert').filter({ hasText: 'The reply could not be sent.' }).waitFor();
    expect(await reply.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(text);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-enquiries-reply-failed-1280');
    await reply.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Contact enquiry from Meera Pillai' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await statusOf(page, 'Meera Pillai')).toBe('new');
  });

  it('archives the picked enquiries after asking, then deletes one for good', async () => {
    const page = await openEnquiries('?orderBy=created_at&orderDir=asc');
    await waitForRange(page, '1–3 of 3');
    const press = (name: string) => rowOf(page, name).getByRole('checkbox').locator('xpath=ancestor::label[1]').click();
    await press('Vikram Shah');
    await press('Meera Pillai');
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Archive' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Archive 2 enquiries?' });
    await ask.getByText('Archived enquiries leave the new ones').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-enquiries-bulk-archive-1280');
    await ask.getByRole('button', { name: 'Archive' }).click();
    await expectToast(page, 'Archived 2 enquiries');
    await expect.poll(() => statusOf(page, 'Vikram Shah'), POLL).toBe('archived');
    expect(await statusOf(page, 'Meera Pillai')).toBe('archived');

    await press('Vikram Shah');
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 enquiry?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted 1 enquiry');
    await waitForRange(page, '1–2 of 2');
    expect(await rowOf(page, 'Vikram Shah').count()).toBe(0);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });
});
