import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type BootstrapData, type SsrHints, type SsrQuery, type Theme, themeDeclarations } from '@kosh/contracts';
import { linkHashOf } from '../shares/link-seo.ts';
import { safeJson } from './safe-json.ts';

/**
 * The pages a first visit lands on, drawn by the server for visitors: the page shows as soon as
 * its HTML and styles arrive, before the scripts (web/src/entry-server.tsx). Shareable link pages
 * too are drawn (when their link opens for anyone: page-queries.ts), and for a signed-in user the
 * drive's root and the admin report; their other pages stay a blank shell the app fills.
 */
const RENDERED_PATHS = new Set(['/', '/login', '/register', '/pricing']);
/**
 * The pages a signed-in user lands on, drawn for them with their own data (page-queries.ts): the
 * drive's root, and the admin area's report.
 */
const SIGNED_IN_PATHS = new Set(['/drive', '/admin']);

/** Longer than this, and the server sends the blank shell rather than keep the visitor waiting. */
const RENDER_TIMEOUT_MS = 1500;

/**
 * Visitors mostly open the same few pages with the same data: a drawing is kept a while and serves
 * them all, and visitors arriving together wait for one render. Settings, language and theme are
 * part of the data, so a change draws afresh.
 */
const DRAWINGS = { max: 200, ttl: 5 * 60_000 };

/** A page as the server drew it, and what its routes' loaders answered. */
export type DrawnPage = { html: string; loaderData: Record<string, unknown> };

type Drawing = { url: string; data: BootstrapData; hints: SsrHints; queries: SsrQuery[] };

type RenderModule = {
  renderPage(
    url: string,
    data: BootstrapData,
    hints: SsrHints,
    signal?: AbortSignal,
    queries?: SsrQuery[],
  ): Promise<DrawnPage | null>;
};

export function rendersPage(pathname: string, data: BootstrapData): boolean {
  // A custom page as home loads its content through the API in the browser.
  if (pathname === '/' && data.settings.homepage?.type === 'customPage') return false;
  if (data.user) return SIGNED_IN_PATHS.has(pathname);
  return RENDERED_PATHS.has(pathname) || linkHashOf(pathname) !== undefined;
}

/** A phone: the Sec-CH-UA-Mobile client hint where the browser sends it, else the user agent. */
export function isMobileDevice(headers: { 'sec-ch-ua-mobile'?: string | string[]; 'user-agent'?: string }): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  return /Mobi|Android|iPhone|iPod/i.test(headers['user-agent'] ?? '');
}

/**
 * Applies, before the first paint, the theme the app itself will apply (theme-store.ts): a drawn
 * page shows in its colours at once, on a light device and on a dark one alike.
 */
export function themePaintScript(themes: { light?: Theme; dark?: Theme }, nonce: string): string {
  const paint = (theme?: Theme) =>
    theme ? { id: theme.id, dark: theme.is_dark, values: themeDeclarations(theme.values) } : null;
  const payload = safeJson({ light: paint(themes.light), dark: paint(themes.dark) });
  return (
    `<script nonce="${nonce}">(function(t){` +
    "var p=t.dark&&matchMedia('(prefers-color-scheme: dark)').matches?t.dark:t.light;if(!p)return;" +
    'var r=document.documentElement;p.values.forEach(function(d){r.style.setProperty(d[0],d[1])});' +
    `r.classList.toggle('dark',p.dark);r.dataset.theme=String(p.id)})(${payload});</script>`
  );
}

/**
 * Until the app has taken a drawn page over, its forms are plain HTML: submitting one would send
 * the fields (a password) in the address. Held back instead; the app marks <html data-hydrated>.
 */
export function formGuardScript(nonce: string): string {
  return (
    `<script nonce="${nonce}">document.addEventListener('submit',function(e){` +
    "if(!document.documentElement.hasAttribute('data-hydrated'))e.preventDefault()},true);</script>"
  );
}

/**
 * A drawn page's scripts, fetched once it has painted: on a slow phone the styles, font and images
 * it shows have the connection to themselves, and the app takes the page over right after. A page
 * opened in the background has no frames to wait for and fetches them at once.
 */
export function appLoaderScript(entry: string, modules: string[], nonce: string): string {
  return (
    `<script nonce="${nonce}">(function(e,m){var d=document;function go(){` +
    "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=e;d.head.appendChild(s);" +
    // Each preload costs the main thread about half a millisecond: one task each keeps it free for taps.
    "m.forEach(function(h){setTimeout(function(){var l=d.createElement('link');" +
    "l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)})})}" +
    "if(d.visibilityState==='hidden')setTimeout(go);else requestAnimationFrame(function(){setTimeout(go)})" +
    `})(${safeJson(entry)},${safeJson(modules)});</script>`
  );
}

/** Renders pages with the server build of the web app (`<dist>/ssr`), when the build has one. */
export class PageRenderer {
  private readonly file: string;
  private readonly log: FastifyBaseLogger;
  private module: Promise<RenderModule | null> | undefined;
  private readonly drawings = new LRUCache<string, DrawnPage | 'redirect', Drawing>({
    ...DRAWINGS,
    fetchMethod: (_key, _stale, { context }) => this.draw(context),
  });

  constructor(distDir: string, log: FastifyBaseLogger) {
    this.file = path.join(distDir, 'ssr', 'entry-server.js');
    this.log = log;
    // Loaded as the server starts, so the first visitor does not wait for it.
    this.load().catch(() => undefined);
  }

  private load(): Promise<RenderModule | null> {
    this.module ??= fs.existsSync(this.file)
      ? (import(pathToFileURL(this.file).href) as Promise<RenderModule>)
      : Promise.resolve(null);
    return this.module;
  }

  /** The page's HTML, or null: no server build, a redirect, an error or too slow (the shell then). */
  async render(url: string, data: BootstrapData, hints: SsrHints, queries: SsrQuery[] = []): Promise<DrawnPage | null> {
    // The one value of a visitor's own that no page shows: drawn without it, a drawing serves anyone.
    const shared: BootstrapData = { ...data, csrf_token: '' };
    const key = createHash('sha256')
      .update(JSON.stringify([url, hints, shared, queries]))
      .digest('base64url');
    try {
      const page = await this.drawings.fetch(key, { context: { url, data: shared, hints, queries } });
      return page === 'redirect' || page === undefined ? null : page;
    } catch (error) {
      this.log.warn({ err: error, url }, 'Could not render the page on the server; sending the blank shell.');
      return null;
    }
  }

  /** undefined (kept for no one) when the build has no server half. */
  private async draw({ url, data, hints, queries }: Drawing): Promise<DrawnPage | 'redirect' | undefined> {
    const module = await this.load();
    if (!module) return undefined;
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    return (await module.renderPage(url, data, hints, signal, queries)) ?? 'redirect';
  }
}
