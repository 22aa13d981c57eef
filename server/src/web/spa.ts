import type { SettingsReader } from '../settings/settings.service.ts';
import { ANALYTICS_CONNECT, ANALYTICS_SCRIPTS, analyticsTag, isAnalyticsPage } from './analytics-tag.ts';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type BootstrapData, COOKIE, DEFAULT_WORKSPACE_ID, type SsrHints } from '@kosh/contracts';
import type { BootstrapAnswers } from '../bootstrap/bootstrap-answers.ts';
import type { Config } from '../config.ts';
import type { LinkPageSeo } from '../shares/link-seo.ts';
import { publicPageMeta } from '../shell/site-seo.service.ts';
import { customHtml, customStyleTag, servesCustomCode } from './custom-code.ts';
import { faviconLinks } from './head-icons.ts';
import { fillSeoTemplate } from './seo-template.ts';
import { safeJson } from './safe-json.ts';
import type { PageQueries } from './page-queries.ts';
import { candidateThemes, deviceThemes, fontFiles, fontPreloads } from './font-preloads.ts';
import {
  appLoaderScript,
  formGuardScript,
  isMobileDevice,
  PageRenderer,
  rendersPage,
  themePaintScript,
} from './page-render.ts';
import { readManifest, routeModules, routePreloads, type HomepageType, type Manifest } from './route-preloads.ts';

const NOT_BUILT = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kosh</title></head>',
  '<body><div id="root"><p>The web app is not built yet. Run <code>npm run build</code>, then reload.</p></div>' +
    '</body></html>',
].join('\n');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The policy the app itself passes: its own scripts plus the one nonce'd bootstrap script. */
// Google's human check loads its script and a frame from these origins (only when configured).
const RECAPTCHA_SCRIPTS = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAMES = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';

/**
 * Where the browser sends direct uploads (part 2, 4): the bucket's origin, path style, or its
 * virtual host. Without it in connect-src the page could not PUT to the signed addresses.
 */
export function directUploadOrigins(s3: { endpoint?: string; bucket?: string; forcePathStyle: boolean }): string[] {
  if (!s3.endpoint) return [];
  const url = new URL(s3.endpoint);
  return [s3.forcePathStyle || !s3.bucket ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`];
}

/** Where the web app sends its error reports: the origin of the configured public key (DSN), if any. */
export function errorReportingOrigins(dsn: string | undefined): string[] {
  const url = dsn ? URL.parse(dsn.trim()) : null;
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? [url.origin] : [];
}

export function htmlCsp(
  nonce: string,
  options: { recaptcha?: boolean; connect?: string[]; analytics?: boolean } = {},
): string {
  const scripts = [
    ...(options.recaptcha ? [RECAPTCHA_SCRIPTS] : []),
    ...(options.analytics ? [ANALYTICS_SCRIPTS] : []),
  ];
  const connect = [...(options.connect ?? []), ...(options.analytics ? ANALYTICS_CONNECT : [])];
  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...scripts].join(' '),
    // <style> elements need the nonce: the custom CSS carries it, and react-aria, tiptap and CodeMirror
    // read it from <meta property="csp-nonce">. style="" attributes stay allowed (style-src-attr), for
    // admins' custom HTML and pages; theme variables are set through CSSOM, which CSP does not govern.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(options.analytics ? ANALYTICS_CONNECT : [])].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(' '),
    "media-src 'self' blob:",
    `frame-src 'self'${options.recaptcha ? ` ${RECAPTCHA_FRAMES}` : ''}`,
    "frame-ancestors 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The public settings the HTML itself reads. */
type PageSettings = {
  branding?: { site_description?: string; favicon?: string };
  seo?: { title?: string; description?: string };
  custom_code?: { css?: string; html?: string };
};

/**
 * The style react-aria adds to <head> when its first pressable element mounts, unless an element
 * with its id is there already. Added by script, it makes the browser restyle the whole page (a
 * new sheet in front of the others): on a slow phone taking a drawn page over, most of a second.
 * Sent with the page instead, first like react-aria's, so that its anonymous layer stays lowest.
 */
const pressableStyle = (nonce: string) =>
  `<style id="react-aria-pressable-style" nonce="${nonce}">` +
  '@layer{[data-react-aria-pressable]{touch-action:pan-x pan-y pinch-zoom}}</style>';

/** The workspace the app will open, as it reads its cookie (web/src/workspaces/active-workspace.ts). */
function activeWorkspaceOf(request: FastifyRequest): number {
  const id = Number(request.cookies[COOKIE.activeWorkspace] ?? DEFAULT_WORKSPACE_ID);
  return Number.isSafeInteger(id) && id >= 0 ? id : DEFAULT_WORKSPACE_ID;
}

/** Serves index.html for every client route with bootstrap data, title and description inline. */
export class SpaRenderer {
  private readonly config: Pick<Config, 'webDistDir' | 's3'>;
  private readonly answers: BootstrapAnswers;
  private readonly seo: LinkPageSeo;
  private readonly settings: SettingsReader;
  private readonly queries: PageQueries;
  private template: string | null = null;
  private manifest: Manifest | null = null;
  private fonts: Map<string, string> | null = null;
  private readonly pages: PageRenderer;
  constructor(deps: {
    config: Pick<Config, 'webDistDir' | 's3'>;
    answers: BootstrapAnswers;
    seo: LinkPageSeo;
    settings: SettingsReader;
    queries: PageQueries;
    log: FastifyBaseLogger;
  }) {
    this.pages = new PageRenderer(deps.config.webDistDir, deps.log);
    this.config = deps.config;
    this.answers = deps.answers;
    this.seo = deps.seo;
    this.settings = deps.settings;
    this.queries = deps.queries;
  }

  private loadTemplate(): string {
    if (this.template) return this.template;
    const file = path.join(this.config.webDistDir, 'index.html');
    // Read once: the build does not change under a running server.
    if (fs.existsSync(file)) this.template = fs.readFileSync(file, 'utf8');
    return this.template ?? NOT_BUILT;
  }

  /** The scripts the path's route loads first, to preload. */
  private routeScripts(pathname: string, homepage: HomepageType | undefined, signedIn: boolean): string[] {
    this.manifest ??= readManifest(this.config.webDistDir);
    return routePreloads(this.manifest, routeModules(pathname, homepage ?? 'landing', signedIn)).map(
      (file) => `/${file}`,
    );
  }

  /** The web app's own theme resolution for this request, on a light and on a dark device. */
  private themeInput(request: FastifyRequest, data: BootstrapData) {
    return [
      { themes: data.themes.all, defaultMode: data.settings.themes?.default_mode, defaultId: data.themes.default_id },
      data.settings.themes?.user_change ? request.cookies[COOKIE.activeTheme] : undefined,
    ] as const;
  }

  /** Preload links for the fonts of the themes the page may open in. */
  private fontLinks(request: FastifyRequest, data: BootstrapData): string[] {
    this.manifest ??= readManifest(this.config.webDistDir);
    this.fonts ??= fontFiles(this.manifest);
    const themes = candidateThemes(...this.themeInput(request, data));
    return fontPreloads(this.fonts, themes, data.i18n.language).map(
      (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${escapeHtml(file)}">`,
    );
  }

  /**
   * A page the server draws (page-render.ts: a visitor's public pages, a link page, a signed-in
   * user's drive root and admin report): what goes in <head> (the theme painted before the first
   * frame, the form guard, resources React hoists), in #root, and in the bootstrap script for the
   * app to take the page over; null for every other page.
   */
  private async draw(
    request: FastifyRequest,
    data: BootstrapData,
    pathname: string,
    nonce: string,
  ): Promise<{ head: string[]; body: string; script: string } | null> {
    if (!rendersPage(pathname, data)) return null;
    const themes = deviceThemes(...this.themeInput(request, data));
    const hints: SsrHints = {
      mobile: isMobileDevice(request.headers),
      theme: themes.light?.id ?? null,
      cookieNotice: request.cookies[COOKIE.cookieNotice],
    };
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    const caller = { actor: request.actor, workspaceId: activeWorkspaceOf(request), data, search };
    const queries = await this.queries.forPage(pathname, caller);
    if (!queries) return null;
    const drawn = await this.pages.render(`${request.baseUrl}${request.url}`, data, hints, queries);
    if (!drawn) return null;
    // React puts the resources the page asks for (images to preload) first: they belong in <head>.
    const hoisted = drawn.html.match(/^(?:<link [^>]*>)+/)?.[0] ?? '';
    return {
      head: [themePaintScript(themes, nonce), formGuardScript(nonce), hoisted],
      body: drawn.html.slice(hoisted.length),
      script: `window.ssr=${safeJson({ hints, loaderData: drawn.loaderData, queries })};`,
    };
  }

  async render(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const data = await this.answers.forCaller(request);
    const nonce = randomBytes(16).toString('base64');
    const settings = data.settings as PageSettings;
    const siteName = data.settings.branding.site_name;
    // The site's SEO texts may name :siteName and :siteDescription (seo-template.ts).
    const vars = { siteName, siteDescription: settings.branding?.site_description ?? '' };
    const seo = {
      title: settings.seo?.title === undefined ? undefined : fillSeoTemplate(settings.seo.title, vars),
      description: fillSeoTemplate(settings.seo?.description ?? '', vars),
    };
    // A shareable link page carries its own title and description, for crawlers that run no script.
    const pathname = request.url.split('?')[0];
    const page = await this.seo.forPath(pathname, request.ip);
    // The public pages (/, /pricing, /contact) carry theirs with Open Graph tags for link previews.
    const site = page
      ? null
      : publicPageMeta(pathname, {
          baseUrl: request.baseUrl,
          siteName,
          seo: { title: seo.title ?? '', description: seo.description },
          lines: data.i18n.lines,
        });
    const title = page?.title ?? site?.title ?? seo.title ?? siteName;
    const description = page?.description ?? site?.description ?? seo.description;
    const custom = servesCustomCode(pathname) ? settings.custom_code : undefined;
    const trackingId = isAnalyticsPage(pathname) ? await this.settings.get<string>('analytics.tracking_id') : '';
    const meta = (property: string, content: string) =>
      `<meta property="${property}" content="${escapeHtml(content)}">`;
    const icons = faviconLinks(settings.branding?.favicon);
    // A link page that answers 404 shows the app's own "not found"; one that opens may be drawn.
    const drawn = page && page.status !== 200 ? null : await this.draw(request, data, pathname, nonce);
    const routeScripts = this.routeScripts(pathname, data.settings.homepage?.type, Boolean(data.user));
    let html = this.loadTemplate()
      .replace(/<title>[\s\S]*?<\/title>/i, '')
      .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(data.i18n.language)}"`);
    // A drawn page shows without its scripts: they are fetched once it has painted.
    const app = drawn === null ? null : takeScripts(html);
    if (app) html = app.html;
    const head = [
      `<meta property="csp-nonce" nonce="${nonce}">`,
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      ...(page || site ? [meta('og:title', title), meta('og:description', description)] : []),
      ...(site
        ? [
            meta('og:type', 'website'),
            meta('og:url', site.url),
            meta('og:image', site.image),
            meta('og:site_name', siteName),
            `<meta name="twitter:card" content="summary_large_image">`,
            `<link rel="canonical" href="${escapeHtml(site.url)}">`,
          ]
        : []),
      ...icons,
      '<link rel="manifest" href="/manifest.webmanifest">',
      ...this.fontLinks(request, data),
      ...(app ? [] : routeScripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)),
      ...(drawn?.head ?? []),
      `<script nonce="${nonce}">window.bootstrapData=${safeJson(data)};${drawn?.script ?? ''}</script>`,
      ...(app ? [appLoaderScript(app.entry, [...app.modules, ...routeScripts], nonce)] : []),
      ...(trackingId ? [analyticsTag(trackingId, nonce, data.cookie_notice.enable)] : []),
      customStyleTag(custom?.css ?? '', nonce),
    ]
      .filter(Boolean)
      .join('\n');
    // An uploaded or other favicon replaces the default that index.html links.
    if (icons.length) html = html.replace(/<link[^>]*\brel="icon"[^>]*>\s*/, '');
    // A function, so "$&" and the like in custom CSS or the bootstrap data are not replacement patterns.
    html = html.replace('</head>', () => `${head}\n</head>`);
    html = html.replace(/<head>/i, (tag) => `${tag}${pressableStyle(nonce)}`);
    if (drawn !== null) html = html.replace('<div id="root"></div>', () => `<div id="root">${drawn.body}</div>`);
    const body = customHtml(custom?.html ?? '', nonce);
    if (body) {
      const end = html.lastIndexOf('</body>');
      html = end < 0 ? html + body : `${html.slice(0, end)}${body}\n${html.slice(end)}`;
    }
    if (page) reply.status(page.status);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        htmlCsp(nonce, {
          recaptcha: Boolean(data.settings.recaptcha?.site_key),
          connect: [
            ...(data.settings.uploads?.direct_upload ? directUploadOrigins(this.config.s3) : []),
            ...errorReportingOrigins(data.settings.error_reporting?.public_key),
          ],
          analytics: Boolean(trackingId),
        }),
      )
      .send(html);
  }
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The template without the entry script and module preloads Vite wrote in, and their files. */
function takeScripts(template: string): { html: string; entry: string; modules: string[] } | null {
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  if (!entry) return null;
  const modules = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return { html: template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry, modules };
}

const API_PREFIXES = ['/api/', '/auth/', '/secure/', '/api-docs', '/health'];

/** A browser navigation to a client route, as opposed to an API call or a missing asset. */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (API_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))) return false;
  if (pathname.startsWith('/assets/')) return false;
  return !/\.[a-z0-9]{1,8}$/i.test(pathname) || pathname.endsWith('.html');
}
