import { useMemo } from 'react';
import DOMPurify, { type Config } from 'dompurify';

/**
 * What each kind of server HTML may keep. The server sanitises notification lines and custom pages
 * already; the client sanitises again so a server bug or a stale row cannot run script here.
 */
const PROFILES = {
  // Emphasis only. Links are unwrapped to their text: the whole notification row is the control.
  'notification-line': { ALLOWED_TAGS: ['strong', 'em', 'b', 'i', 'br', 'span'], ALLOWED_ATTR: [] },
  // A custom content page: DOMPurify's HTML profile (no SVG, no MathML, no script or handlers).
  page: { USE_PROFILES: { html: true } },
} satisfies Record<string, Config>;

export type SafeHtmlProfile = keyof typeof PROFILES;

/** Tags and attributes to keep instead of a profile's; everything else is removed. */
export type SafeHtmlAllowList = { tags: readonly string[]; attributes: readonly string[] };

type Props = {
  html: string;
  /** The strictest profile unless the caller names another or passes its own allow-list. */
  profile?: SafeHtmlProfile;
  /** Keep it a module constant: a new object each render sanitises again. */
  allow?: SafeHtmlAllowList;
  as?: 'div' | 'span' | 'section' | 'article';
  className?: string;
};

/** Sanitises HTML with DOMPurify and returns the markup to render. Exported for tests and non-React callers. */
export function sanitizeHtml(html: string, profile: SafeHtmlProfile = 'notification-line', allow?: SafeHtmlAllowList) {
  // Without a DOM DOMPurify hands its input back unchanged; render nothing rather than unsanitised HTML.
  if (!DOMPurify.isSupported) return '';
  const config: Config = allow
    ? { ALLOWED_TAGS: [...allow.tags], ALLOWED_ATTR: [...allow.attributes] }
    : PROFILES[profile];
  return DOMPurify.sanitize(html, config);
}

/** The one audited place that renders HTML from outside the app; everything else renders text. */
export function SafeHtml({ html, profile = 'notification-line', allow, as: Tag = 'div', className }: Props) {
  const clean = useMemo(() => sanitizeHtml(html, profile, allow), [html, profile, allow]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
