import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieValue,
  DESKTOP,
  openBrowser,
  screenshot,
  signInAs,
  startServer,
  waitForApp,
  type RunningServer,
} from './harness.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('appearance editor frame', () => {
  it('announces itself, applies editor messages from its own origin and refuses logout', async () => {
    const browser = await openBrowser(DESKTOP);
    try {
      await signInAs(server, browser.context);
      const { page } = browser;
      await page.goto(`${server.url}/404`);
      await waitForApp(page);
      // The host page stands in for the editor: same origin, the site in an iframe.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            window.addEventListener('message', (event) => {
              if (event.data?.source === 'be-appearance-editor' && event.data.type === 'appLoaded') resolve();
            });
            const iframe = document.createElement('iframe');
            iframe.id = 'editor-frame';
            iframe.src = '/pages/about-us';
            iframe.title = 'Preview';
            Object.assign(iframe.style, {
              position: 'fixed',
              inset: '0',
              width: '100%',
              height: '100%',
              border: '0',
              zIndex: '100',
            });
            document.body.appendChild(iframe);
          }),
      );
      const frame = page.frames().find((f) => f.url().endsWith('/pages/about-us'))!;
      await frame.getByRole('heading', { name: 'About us', level: 1 }).waitFor();
      const send = (message: Record<string, unknown>) =>
        page.evaluate(
          (m) =>
            (document.getElementById('editor-frame') as HTMLIFrameElement).contentWindow!.postMessage(
              m,
              location.origin,
            ),
          message,
        );
      const cssVar = (name: string) => frame.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);

      await send({ source: 'someone-else', type: 'setThemeVariable', name: '--kosh-primary', value: 'rgb(255, 0, 0)' });
      await send({
        source: 'be-appearance-editor',
        type: 'setThemeVariable',
        name: '--kosh-primary',
        value: 'rgb(200, 0, 90)',
      });
      await frame.waitForFunction(
        () => document.documentElement.style.getPropertyValue('--kosh-primary') === 'rgb(200, 0, 90)',
      );

      await send({ source: 'be-appearance-editor', type: 'setFont', font: 'Georgia, serif' });
      await frame.waitForFunction(
        () => document.documentElement.style.getPropertyValue('--kosh-font') === 'Georgia, serif',
      );
      expect(await frame.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Georgia');

      await send({
        source: 'be-appearance-editor',
        type: 'setValues',
        values: { branding: { site_name: 'Vault Nine' } },
      });
      await frame.getByText('Vault Nine').first().waitFor();

      await send({ source: 'be-appearance-editor', type: 'setActiveTheme', themeId: 2 });
      await frame.waitForFunction(() => document.documentElement.classList.contains('dark'));
      expect(cookieValue(await browser.context.cookies(), 'be-active-theme')).toBeUndefined();
      expect(await cssVar('--kosh-primary')).toBe('rgb(200, 0, 90)');

      await send({
        source: 'be-appearance-editor',
        type: 'setCustomCode',
        mode: 'css',
        value: 'h1 { letter-spacing: 7px; }',
      });
      await frame.waitForFunction(() => getComputedStyle(document.querySelector('h1')!).letterSpacing === '7px');
      await send({
        source: 'be-appearance-editor',
        type: 'setCustomCode',
        mode: 'html',
        value: '<p id="custom-html">Hello<script>window.x=1</script></p>',
      });
      await frame.locator('#custom-html').waitFor();
      expect(await frame.locator('#be-custom-html script').count()).toBe(0);
      await screenshot(page, 'appearance-editor-frame-1280');

      await frame.getByRole('button', { name: 'Account menu' }).click();
      await frame.getByRole('menuitem', { name: 'Log out' }).click();
      await frame.getByText("Can't logout while in appearance editor.").waitFor();
      expect(cookieValue(await browser.context.cookies(), 'kosh_session')).toBeDefined();
    } finally {
      await browser.close();
    }
  });
});
