import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDriveServer } from './drive-steps.ts';
import { DESKTOP, openBrowser, setSettings, waitForApp, type Browser, type RunningServer } from './harness.ts';

// Error reporting (spec part 1, 9): set up only when a public key (DSN) is configured. A local
// stand-in of a Sentry-compatible service receives what the web app sends.

let server: RunningServer;
let collector: http.Server;
let collectorUrl = '';
const received: Array<{ path: string; body: string }> = [];
let browser: Browser | undefined;

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function throwInPage(message: string) {
  browser = await openBrowser(DESKTOP);
  await browser.page.goto(`${server.url}/pricing`);
  await waitForApp(browser.page);
  await browser.page.waitForTimeout(500);
  await browser.page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

describe('error reporting', () => {
  it('sends nothing while no public key is configured', async () => {
    await throwInPage('kosh-e2e-unreported');
    await browser?.page.waitForTimeout(1500);
    expect(received).toEqual([]);
  });

  it('reports an error in the page to the configured service, which the page’s policy lets through', async () => {
    await setSettings(server, {
      'error_reporting.public_key': `${collectorUrl.replace('//', '//publickey@')}/42`,
      'error_reporting.traces_sample_rate': 0.2,
    });
    const csp = (await fetch(`${server.url}/pricing`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ${collectorUrl}`);
    await throwInPage('kosh-e2e-boom');
    await expect
      .poll(() => received.filter((r) => r.body.includes('kosh-e2e-boom')).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const report = received.find((r) => r.body.includes('kosh-e2e-boom'));
    expect(report?.path).toMatch(/^\/api\/42\/envelope\//);
  });
});
