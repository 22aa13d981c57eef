import type { SsrHints, SsrQuery } from '@kosh/contracts';

declare global {
  interface Window {
    /** Set beside the bootstrap data when the server drew the page: hydrate it, do not redraw it. */
    ssr?: { hints: SsrHints; loaderData: Record<string, unknown>; queries?: SsrQuery[] };
  }
}

/** What the server drew this page with (set before hydration); nothing when it sent a blank shell. */
let hints: SsrHints = { mobile: false, theme: null };

/** True while the server renders: there is no document to read cookies or media queries from. */
export const isServer = typeof document === 'undefined';

// On the server, each render reads its own request's hints (entry-server.tsx).
let scoped: (() => SsrHints | undefined) | undefined;

export function getSsrHints(): SsrHints {
  return scoped?.() ?? hints;
}

/** Server rendering only: where each render finds its request's hints. */
export function scopeSsrHints(read: () => SsrHints | undefined): void {
  scoped = read;
}

export function setSsrHints(next: SsrHints): void {
  hints = next;
}
