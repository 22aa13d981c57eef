import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, shownNames, startDriveServer } from './drive-steps.ts';
import { keptServerNode, rememberServerNode } from './drawn-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The drive's root comes drawn by the server with the user's own entries and storage meter: a phone
// shows the files before the app's scripts arrive, and the app takes the page over as it was drawn.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'drawn-drive-42';

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

/** A signed-in owner whose root holds a folder and two files. */
async function signedInOwner(b: Browser) {
  const email = uniqueEmail('drawn-drive');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Meera', last_name: 'Iyer' });
  await signInAs(server, b.context, email, PASSWORD);
  const api = driveApi(server, b.context);
  await api.folder('Field notes');
  await api.upload('budget.csv', 'item,cost\ntent,40\n', 'text/csv');
  const plan = await api.upload('route.txt', 'Day 1: Hampi\n', 'text/plain');
  return { api, plan };
}

/** Listing, storage and workspace list calls of the drive, as the page makes them. */
function driveCalls(b: Browser): string[] {
  const asked: string[] = [];
  const drawn = ['/api/v1/drive/file-entries', '/api/v1/user/space-usage', '/api/v1/me/workspaces'];
  b.page.on('request', (request) => {
    const url = new URL(request.url());
    if (drawn.includes(url.pathname)) asked.push(url.pathname + url.search);
  });
  return asked;
}

describe('the drawn drive', () => {
  it('shows a phone its files before the scripts arrive, and the app takes the drawing over', async () => {
    const b = await browserAt(MOBILE);
    await b.context.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    await signedInOwner(b);

    // Every script blocked: what shows is the server's drawing alone.
    await b.page.route('**/assets/*.js', (route) => route.abort());
    await b.page.goto(`${server.url}/drive`);
    await entry(b.page, 'route.txt').waitFor();
    expect(await entry(b.page, 'Field notes').isVisible()).toBe(true);
    expect(await entry(b.page, 'budget.csv').isVisible()).toBe(true);
    await screenshot(b.page, 'drive-drawn-before-scripts-mobile');
    await b.page.unroute('**/assets/*.js');
    const blockedErrors = b.consoleErrors.length;

    // With its scripts: hydrated, not drawn again, and no listing asked for a second time.
    const asked = driveCalls(b);
    await rememberServerNode(b.page);
    await b.page.goto(`${server.url}/drive`);
    await waitForApp(b.page);
    expect(await keptServerNode(b.page)).toBe(true);
    expect(asked).toEqual([]);
    // The app works on what it took over: opening the folder asks for its entries.
    await entry(b.page, 'Field notes').dblclick();
    await b.page.getByText('This folder is empty').waitFor();
    expect(asked).toEqual([expect.stringContaining('section=folder')]);
    expect(unexpectedConsoleErrors(b.consoleErrors.slice(blockedErrors))).toEqual([]);
  });

  it('draws the desktop drive too, and a sort the user chose is applied once the app runs', async () => {
    const b = await browserAt(DESKTOP);
    await signedInOwner(b);
    const asked = driveCalls(b);
    await rememberServerNode(b.page);
    await b.page.goto(`${server.url}/drive`);
    await waitForApp(b.page);
    // The storage meter, in the sidebar here, came with the page too.
    await b.page.getByText(/of 25 GB used/).waitFor();
    expect(await keptServerNode(b.page)).toBe(true);
    expect(asked).toEqual([]);
    await screenshot(b.page, 'drive-drawn-desktop');
    // Name A to Z, chosen in the app, is kept in local storage: the server draws the default order,
    // the app then shows the chosen one.
    await b.page.evaluate(() => localStorage.setItem('kosh-drive-sort', 'name:asc'));
    await b.page.goto(`${server.url}/drive`);
    await waitForApp(b.page);
    await expect.poll(() => shownNames(b.page)).toEqual(['Field notes', 'budget.csv', 'route.txt']);
    expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
  });
});
