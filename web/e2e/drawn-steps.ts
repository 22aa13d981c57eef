import type { Page } from 'playwright-core';

/** Remembers the first element the server sent in #root, before any script runs. */
export async function rememberServerNode(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverNode?: Element | null }).serverNode =
        document.getElementById('root')?.firstElementChild;
    });
  });
}

/** Whether the app took the server's drawing over (hydrated) rather than drew the page again. */
export const keptServerNode = (page: Page) =>
  page.evaluate(() => {
    const node = (window as unknown as { serverNode?: Element | null }).serverNode;
    return !!node && node.isConnected;
  });
