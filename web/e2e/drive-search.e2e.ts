import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, startDriveServer } from './drive-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Search suggestions while typing, the '/' and '?' shortcuts, and a new folder made from the Move dialog.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'search-pass-42';
const SHOTS = process.env.KOSH_SHOTS_DIR;

beforeAll(async () => {
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

const entry = (page: Page, name: string) =>
  page.locator('[data-testid="entry"]').filter({ hasText: new RegExp(`^${name}`) });

/** The calls the suggestions make (section=search with perPage=8), by their query. */
function suggestionCalls(page: Page): string[] {
  const queries: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/drive/file-entries') && url.searchParams.get('perPage') === '8')
      queries.push(url.searchParams.get('query') ?? '');
  });
  return queries;
}

/** Moves the listbox's focus down to the option named `name` and presses Enter on it. */
async function chooseSuggestion(page: Page, name: string): Promise<void> {
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await options.filter({ hasText: name }).first().waitFor();
  const names = await options.evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  const index = names.findIndex((n) => n.startsWith(name));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

async function openDrive(viewport = DESKTOP) {
  const email = uniqueEmail('search');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Mira', last_name: 'Sen' });
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, PASSWORD);
  const api = driveApi(server, browser.context);
  // Newest first in search answers: the 6 numbered files come first, so they are the ones past the 8 shown.
  for (let i = 1; i <= 6; i++) await api.upload(`quarter ${String(i).padStart(2, '0')}.txt`, `q${i}`, 'text/plain');
  const archive = await api.folder('Archive');
  await api.upload('quarterly-plan.txt', 'plan for the quarter', 'text/plain');
  await api.upload('quarter notes.txt', 'notes', 'text/plain', archive.id);
  const quarterly = await api.folder('Quarterly');
  return { page: browser.page, api, archive, quarterly };
}

describe('drive search and shortcuts', () => {
  it('suggests names while typing, opens a folder or previews a file from them, and searches on Enter', {
    timeout: 120_000,
  }, async () => {
    const { page, quarterly } = await openDrive();
    const calls = suggestionCalls(page);
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await entry(page, 'quarter 01.txt').waitFor();
    const field = page.getByRole('combobox', { name: 'Search files and folders' });

    // '/' focuses the search field from the page.
    await page.locator('body').click({ position: { x: 640, y: 700 } });
    await page.keyboard.press('/');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox', undefined, {
      timeout: 5000,
    });
    expect(await field.inputValue()).toBe('');

    // Typing a word asks once, after the pause (not per keystroke), and lists at most 8 names.
    await page.keyboard.type('quart', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['quart']);
    expect(await list.getByRole('option').count()).toBe(8);
    expect(await list.getByRole('option').filter({ hasText: 'quarterly-plan.txt' }).textContent()).toContain('Home');
    // Each suggestion says where it lives: Home at the root, else its folder's name.
    const notes = await list.getByRole('option').filter({ hasText: 'quarter notes.txt' }).textContent();
    expect([notes?.includes('Archive'), notes?.includes('Home')]).toEqual([true, false]);
    // While its list is open, react-aria's combobox hides the rest of the page from screen readers
    // (aria-hidden, focus stays in the field), which axe reports as aria-hidden-focus.
    expect((await seriousA11yViolations(page)).filter((v) => v.id !== 'aria-hidden-focus')).toEqual([]);
    await shot(page, 'search-suggestions-1280');

    // Enter on a folder's suggestion opens the folder.
    await chooseSuggestion(page, 'Quarterly');
    await page.waitForURL(`**/drive/folders/${quarterly.hash}`);
    await page.getByRole('heading', { name: 'Quarterly' }).first().waitFor();

    // Enter on a file's suggestion previews it.
    await field.fill('');
    await field.focus();
    await page.keyboard.type('quarterly-pl');
    await chooseSuggestion(page, 'quarterly-plan.txt');
    const previewer = page.getByTestId('previewer');
    await previewer.waitFor();
    await previewer.getByText('plan for the quarter').waitFor();
    await page.keyboard.press('Escape');
    await previewer.waitFor({ state: 'detached' });

    // Enter on the text goes to the results page, as before.
    await field.fill('');
    await field.focus();
    await page.keyboard.type('notes');
    await list.getByRole('option', { name: /quarter notes\.txt/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/drive/search?query=notes');
    await entry(page, 'quarter notes.txt').waitFor();
    await list.waitFor({ state: 'detached' });
    // The results list where each entry lives in place of its owner.
    await page.getByRole('columnheader', { name: 'Location' }).waitFor();
    expect(await entry(page, 'quarter notes.txt').getByTestId('entry-location').textContent()).toBe('Archive');
    await shot(page, 'search-results-location-1280');
    expect(unexpectedConsoleErrors(browser?.consoleErrors ?? [])).toEqual([]);
  });

  it("opens the shortcuts sheet with '?' (not while typing) and closes it with Escape", {
    timeout: 120_000,
  }, async () => {
    const { page } = await openDrive();
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    const field = page.getByRole('combobox', { name: 'Search files and folders' });
    await field.focus();
    await page.keyboard.type('?');
    expect(await field.inputValue()).toBe('?');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.locator('body').click({ position: { x: 640, y: 700 } });
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    for (const line of ['Search files and folders', 'Rename', 'Select all', 'Move to trash', 'Previous or next file'])
      await sheet.getByText(line, { exact: true }).waitFor();
    await sheet.locator('kbd', { hasText: 'F2' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'shortcuts-sheet-1280');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(unexpectedConsoleErrors(browser?.consoleErrors ?? [])).toEqual([]);
  });

  it('creates a folder from the Move dialog, shows a taken name on the field, and moves into the new folder', {
    timeout: 120_000,
  }, async () => {
    const { page, api, archive } = await openDrive();
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await entry(page, 'quarterly-plan.txt').click();
    await page.getByTestId('selection-toolbar').getByRole('button', { name: 'Move to', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Move "quarterly-plan.txt"' });
    await picker.getByRole('button', { name: 'Archive' }).waitFor();

    await picker.getByRole('button', { name: 'New folder' }).click();
    const naming = page.getByRole('dialog', { name: 'New folder' });
    const name = naming.getByRole('textbox', { name: 'Folder name' });
    await name.fill('Archive');
    await naming.getByRole('button', { name: 'Create' }).click();
    await naming.getByText('An item named "Archive" already exists in this folder.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'move-new-folder-taken-1280');

    await name.fill('Plans 2026');
    await naming.getByRole('button', { name: 'Create' }).click();
    await naming.waitFor({ state: 'detached' });
    const created = picker.getByRole('button', { name: 'Plans 2026' });
    await created.waitFor();
    expect(await created.getAttribute('aria-current')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'move-new-folder-picked-1280');

    await picker.getByRole('button', { name: 'Move', exact: true }).click();
    await expectToast(page, 'Moved 1 item to Plans 2026');
    await entry(page, 'quarterly-plan.txt').waitFor({ state: 'detached' });
    const home = await api.list({ section: 'home' });
    const plans = home.find((e) => e.name === 'Plans 2026');
    expect(plans?.type).toBe('folder');
    expect((await api.list({ section: 'folder', folderHash: plans?.hash ?? '' })).map((e) => e.name)).toEqual([
      'quarterly-plan.txt',
    ]);
    expect((await api.list({ section: 'folder', folderHash: archive.hash })).map((e) => e.name)).toEqual([
      'quarter notes.txt',
    ]);
    expect(unexpectedConsoleErrors(browser?.consoleErrors ?? [])).toEqual([]);
  });

  it('on a phone: / opens the search page, suggestions fit the screen, the sheet and the Move dialog too', {
    timeout: 120_000,
  }, async () => {
    const { page } = await openDrive(MOBILE);
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await entry(page, 'quarter 01.txt').waitFor();
    await page.keyboard.press('/');
    await page.waitForURL('**/drive/search');
    const field = page.getByRole('combobox', { name: 'Search files and folders' });
    await field.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await page.keyboard.type('quart');
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    await shot(page, 'search-suggestions-375');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await shot(page, 'shortcuts-sheet-375');
    await page.keyboard.press('Escape');

    // A tap opens an entry on a phone: its actions are behind the row's more button.
    await entry(page, 'quarterly-plan.txt').getByTestId('more-actions').click();
    await page.getByRole('menuitem', { name: 'Move to', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Move "quarterly-plan.txt"' });
    await picker.getByRole('button', { name: 'New folder' }).click();
    const naming = page.getByRole('dialog', { name: 'New folder' });
    await naming.getByRole('textbox', { name: 'Folder name' }).fill('Phone plans');
    await naming.getByRole('button', { name: 'Create' }).click();
    await picker.getByRole('button', { name: 'Phone plans' }).waitFor();
    await shot(page, 'move-new-folder-picked-375');
    expect(unexpectedConsoleErrors(browser?.consoleErrors ?? [])).toEqual([]);
  });
});
