import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectToast, uniqueEmail } from './account-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';
import { startMailCatcher } from './mail-catcher.ts';

// The contact and reseller forms, the storage calculator with its contact modal and the newsletter
// box (spec part 2, 2, 5, 8 and 9); every send goes through the real server to a real SMTP listener.

const CONTACT_ADDRESS = 'enquiries@kosh.test';
let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let browser: Browser | undefined;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
  await setSettings(server, { 'contact.email': CONTACT_ADDRESS });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function open(path: string, viewport = DESKTOP, theme?: 'dark'): Promise<Page> {
  await browser?.close();
  browser = await openBrowser(viewport);
  if (theme) await browser.context.addCookies([{ name: 'be-active-theme', value: theme, url: server.url }]);
  await browser.page.goto(server.url + path);
  await waitForApp(browser.page);
  return browser.page;
}

/** Counts the enquiry calls a page makes. */
function countEnquiryCalls(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/(contact-page|reseller)$/.test(r.url())) seen.count++;
  });
  return seen;
}

type Enquiry = { name: string; email: string; mobileNumber: string; message?: string };

async function fillEnquiry(scope: Locator, enquiry: Enquiry): Promise<void> {
  await scope.getByRole('textbox', { name: 'Name' }).fill(enquiry.name);
  await scope.getByRole('textbox', { name: 'Email' }).fill(enquiry.email);
  await scope.getByRole('textbox', { name: 'Mobile number' }).fill(enquiry.mobileNumber);
  if (enquiry.message !== undefined) await scope.getByRole('textbox', { name: 'Message' }).fill(enquiry.message);
}

/** The text of the elements a field's aria-describedby names (where its error is tied). */
async function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

function mailFrom(name: string, kind: 'Contact' | 'Reseller') {
  return mail.waitFor((m) => m.to.includes(CONTACT_ADDRESS) && m.subject === `${kind} enquiry from ${name}`);
}

describe('contact page', () => {
  it('checks the four fields before sending anything', async () => {
    const page = await open('/contact');
    const calls = countEnquiryCalls(page);
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    expect(
      await page.getByText('Have a question or need help? Send us a message and we will get back to you.').count(),
    ).toBe(1);
    const form = page.locator('#main-content form');
    expect(await form.getByRole('textbox', { name: 'Message' }).getAttribute('rows')).toBe('8');
    expect(await form.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
    expect(await form.getByRole('textbox', { name: 'Mobile number' }).getAttribute('inputmode')).toBe('numeric');

    await form.getByRole('button', { name: 'Send' }).click();
    for (const name of ['Name', 'Email', 'Mobile number', 'Message'])
      expect(await descriptionOf(form.getByRole('textbox', { name }))).toBe('This field is required.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    await fillEnquiry(form, { name: 'Asha', email: 'asha@', mobileNumber: 'call me', message: 'Hello' });
    await form.getByRole('button', { name: 'Send' }).click();
    expect(await descriptionOf(form.getByRole('textbox', { name: 'Email' }))).toBe(
      'The email must be a valid email address.',
    );
    expect(await descriptionOf(form.getByRole('textbox', { name: 'Mobile number' }))).toBe(
      'The mobile number must be a phone number of digits.',
    );
    expect(calls.count).toBe(0);
    await screenshot(page, 'enquiry-contact-errors-1280');
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it("sends, shows 'Your message has been submitted.', resets the form and mails the contact address", async () => {
    const page = await open('/contact');
    const form = page.locator('#main-content form');
    const email = uniqueEmail('asha');
    const message = 'Do you offer storage for a school of 400 pupils?\nPlease call after 5 pm.';
    await fillEnquiry(form, { name: 'Asha Rao', email, mobileNumber: '9876543210', message });
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message has been submitted.' }).waitFor();
    for (const name of ['Name', 'Email', 'Mobile number', 'Message'])
      expect(await form.getByRole('textbox', { name }).inputValue()).toBe('');

    const sent = await mailFrom('Asha Rao', 'Contact');
    expect(sent.text).toContain(email);
    expect(sent.text).toContain('9876543210');
    expect(sent.text).toContain('Do you offer storage for a school of 400 pupils?');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'enquiry-contact-sent-1280');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violations and fits 1280 and 375 px (${theme})`, {
      timeout: 150_000,
    }, async () => {
      for (const [viewport, width] of [
        [DESKTOP, 1280],
        [MOBILE, 375],
      ] as const) {
        const page = await open('/contact', viewport, theme === 'dark' ? 'dark' : undefined);
        await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `enquiry-contact-${theme}-${width}`);
      }
    });
  }
});

describe('reseller page', () => {
  it('sends a reseller enquiry to the contact address', async () => {
    const page = await open('/reseller');
    await page.getByRole('heading', { name: 'Become a reseller partner', level: 1 }).waitFor();
    const form = page.locator('#main-content form');
    await fillEnquiry(form, {
      name: 'Vikram Shah',
      email: uniqueEmail('vikram'),
      mobileNumber: '+91 98200 12345',
      message: 'We host 60 small firms in Pune.',
    });
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message has been submitted.' }).waitFor();
    expect((await mailFrom('Vikram Shah', 'Reseller')).text).toContain('We host 60 small firms in Pune.');
    await screenshot(page, 'enquiry-reseller-sent-1280');
  });
});

describe('the human check named contact', () => {
  let verifier: http.Server;
  let answer = { success: true };
  const tokens: string[] = [];

  beforeAll(async () => {
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        tokens.push(new URLSearchParams(body).get('response') ?? '');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', () => r()));
    const address = verifier.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await setSettings(server, {
      'recaptcha.site_key': 'test-site-key',
      'recaptcha.secret_key': 'test-secret',
      'recaptcha.verify_url': `http://127.0.0.1:${port}/siteverify`,
      'recaptcha.enable': { register: false, contact: true },
    });
  });
  afterAll(async () => {
    await setSettings(server, { 'recaptcha.site_key': '', 'recaptcha.enable': { register: false, contact: false } });
    await new Promise<void>((r) => verifier.close(() => r()));
  });

  it("refuses with 'Could not verify you are human.' and sends nothing when the check fails", async () => {
    // Offline and under the app's CSP Google's script cannot load: the check fails closed.
    const page = await open('/contact');
    const calls = countEnquiryCalls(page);
    const form = page.locator('#main-content form');
    await fillEnquiry(form, { name: 'Bot', email: uniqueEmail('bot'), mobileNumber: '1234567', message: 'spam' });
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByRole('alert').filter({ hasText: 'Could not verify you are human.' }).waitFor();
    expect(calls.count).toBe(0);
  });

  it('verifies a token for the action contact with the server, then sends', async () => {
    browser = await openBrowser(DESKTOP);
    const page = browser.page;
    await page.addInitScript(() => {
      (window as unknown as { grecaptcha: unknown }).grecaptcha = {
        ready: (fn: () => void) => fn(),
        execute: async (_key: string, { action }: { action: string }) => `human-token-for-${action}`,
      };
    });
    await page.goto(`${server.url}/contact`);
    await waitForApp(page);
    const calls = countEnquiryCalls(page);
    const form = page.locator('#main-content form');
    await fillEnquiry(form, { name: 'Meera Iyer', email: uniqueEmail('meera'), mobileNumber: '9123456780' });
    await form.getByRole('textbox', { name: 'Message' }).fill('A human asking.');
    answer = { success: false };
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByRole('alert').filter({ hasText: 'Could not verify you are human.' }).waitFor();
    expect(calls.count).toBe(0);

    answer = { success: true };
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message has been submitted.' }).waitFor();
    expect(tokens.at(-1)).toBe('human-token-for-contact');
    expect((await mailFrom('Meera Iyer', 'Contact')).text).toContain('A human asking.');
  });
});

describe('landing page parts', () => {
  it('quotes large storage, refuses 5 and 5.5, and passes the quote to the contact modal', {
    timeout: 120_000,
  }, async () => {
    const page = await open('/');
    const offer = page.getByTestId('large-storage-offer');
    await offer.getByRole('heading', { name: 'Need more than 5 TB?' }).waitFor();
    // The form loads as the reader scrolls towards it.
    await offer.scrollIntoViewIfNeeded();
    const size = offer.getByRole('textbox', { name: 'Storage (TB)' });
    const quote = offer.getByRole('button', { name: 'Get Quote' });

    await size.fill('5');
    await quote.click();
    expect(await descriptionOf(size)).toBe('Error: Storage must be greater than 5 TB!');
    await size.fill('5.5');
    await quote.click();
    expect(await descriptionOf(size)).toBe('Error: Storage must be a whole number!');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'enquiry-offer-error-1280');

    // 10 TB x 1024 GB x 0.15 rupees.
    await size.fill('10');
    await quote.click();
    const calculator = page.getByRole('dialog', { name: 'Storage calculator' });
    await calculator.getByText('₹1,536.00 per month').waitFor();
    expect(await calculator.getByText('GST and convenience fee extra.').count()).toBe(1);
    const inModal = calculator.getByRole('textbox', { name: 'Storage (TB)' });
    await inModal.fill('3');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    expect(await descriptionOf(inModal)).toBe('Error: Storage must be greater than 5 TB!');
    await inModal.fill('100');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('₹15,360.00 per month').waitFor();
    await screenshot(page, 'enquiry-calculator-1280');

    await calculator.getByRole('button', { name: 'Contact Us' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await contact.waitFor();
    expect(await page.getByRole('dialog', { name: 'Storage calculator' }).count()).toBe(0);
    const message = contact.getByRole('textbox', { name: 'Message' });
    expect(await message.getAttribute('rows')).toBe('5');
    expect(await message.inputValue()).toContain('₹15,360.00 per month');
    await screenshot(page, 'enquiry-contact-modal-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await contact.getByRole('button', { name: 'Back' }).click();
    await contact.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Again, and this time send.
    await quote.click();
    await page.getByRole('dialog', { name: 'Storage calculator' }).getByRole('button', { name: 'Contact Us' }).click();
    await fillEnquiry(contact, { name: 'Rohan Das', email: uniqueEmail('rohan'), mobileNumber: '9988776655' });
    await contact.getByRole('button', { name: 'Send' }).click();
    await contact.waitFor({ state: 'detached' });
    await expectToast(page, 'Your message has been submitted.');
    const sent = await mailFrom('Rohan Das', 'Contact');
    expect(sent.text).toContain('₹1,536.00 per month');
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('shows the calculator and the contact modal at 375 px in the dark theme', async () => {
    const page = await open('/', MOBILE, 'dark');
    const offer = page.getByTestId('large-storage-offer');
    await offer.scrollIntoViewIfNeeded();
    // The form and the plans above it load as the reader nears them.
    await offer.getByRole('textbox', { name: 'Storage (TB)' }).waitFor();
    await page.getByText('Most popular').waitFor();
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'enquiry-offer-dark-375');
    await offer.getByRole('textbox', { name: 'Storage (TB)' }).fill('12');
    await offer.getByRole('button', { name: 'Get Quote' }).click();
    const calculator = page.getByRole('dialog', { name: 'Storage calculator' });
    await calculator.getByText('₹1,843.20 per month').waitFor();
    await screenshot(page, 'enquiry-calculator-dark-375');
    await calculator.getByRole('button', { name: 'Contact Us' }).click();
    await page.getByRole('dialog', { name: 'Contact Us' }).waitFor();
    await screenshot(page, 'enquiry-contact-modal-dark-375');
  });

  it('sends the reseller partner form', async () => {
    const page = await open('/');
    const section = page.getByTestId('reseller-section');
    await section.getByRole('heading', { name: 'Become a reseller partner' }).waitFor();
    // The form loads as the reader scrolls towards it.
    expect(await section.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await section.getByRole('textbox', { name: 'Message' }).getAttribute('rows')).toBe('4');
    await fillEnquiry(section, {
      name: 'Neha Kulkarni',
      email: uniqueEmail('neha'),
      mobileNumber: '9090909090',
      message: 'IT services firm, 200 clients.',
    });
    await section.getByRole('button', { name: 'Send' }).click();
    await section.getByRole('status').filter({ hasText: 'Your message has been submitted.' }).waitFor();
    expect(await section.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    expect((await mailFrom('Neha Kulkarni', 'Reseller')).text).toContain('IT services firm, 200 clients.');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'enquiry-reseller-section-1280');
  });

  it('checks the newsletter address, alerts on a valid one and makes no call', async () => {
    const page = await open('/');
    const box = page.getByTestId('newsletter-box');
    const apiCalls: string[] = [];
    // Sections further down load their data as they scroll in; the box itself must send nothing.
    page.on('request', (r) => r.method() !== 'GET' && apiCalls.push(`${r.method()} ${r.url()}`));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    // The field loads as the reader scrolls towards it.
    await box.scrollIntoViewIfNeeded();
    const field = box.getByRole('textbox', { name: 'Email' });
    await field.fill('jane doe@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    const error = box.getByText('Please enter a valid email address.');
    await error.waitFor();
    expect(await descriptionOf(field)).toBe('Please enter a valid email address.');
    const [colour, danger] = await error.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--kosh-danger)';
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(el).color, expected];
    });
    expect(colour).toBe(danger);
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, 'enquiry-newsletter-error-1280');

    await field.fill('jane@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => alerts).toEqual(['Thank you for subscribing!']);
    expect(await error.count()).toBe(0);
    expect(apiCalls).toEqual([]);
  });
});

describe('rate limit', () => {
  it('shows the 429 answer in the form once a network has sent its share', async () => {
    const page = await open('/contact');
    const form = page.locator('#main-content form');
    // Earlier journeys here already sent several from this address; keep going until the limit answers.
    for (let attempt = 0; attempt < 8; attempt++) {
      await fillEnquiry(form, {
        name: `Repeat ${attempt}`,
        email: uniqueEmail('repeat'),
        mobileNumber: '9000000000',
        message: 'Once more.',
      });
      await form.getByRole('button', { name: 'Send' }).click();
      const answer = page
        .getByRole('status')
        .filter({ hasText: 'Your message has been submitted.' })
        .or(form.getByRole('alert'));
      await answer.first().waitFor();
      if (await form.getByRole('alert').count()) break;
    }
    const alert = form.getByRole('alert');
    expect(await alert.textContent()).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // The form keeps what was typed, so it can be sent later.
    expect(await form.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Once more.');
    await screenshot(page, 'enquiry-contact-429-1280');
  });
});
