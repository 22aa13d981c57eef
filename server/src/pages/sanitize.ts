import { CUSTOM_PAGE_IMAGE_PATH } from '@kosh/contracts';

/** Images uploaded into pages (random names), and the landing page's own illustrations. */
const UPLOADED_IMAGE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const LANDING_IMAGE = /^\/landing\/[a-z0-9][\w-]*(?:\/[\w-]+)*\.(?:webp|png|jpe?g|svg|avif|gif)$/;

/** Whether an image address is one Kosh serves itself (a relative path, never another site's). */
export const isOwnImage = (src: string | undefined) =>
  src !== undefined &&
  (LANDING_IMAGE.test(src) ||
    (src.startsWith(CUSTOM_PAGE_IMAGE_PATH) && UPLOADED_IMAGE.test(src.slice(CUSTOM_PAGE_IMAGE_PATH.length))));

/** A link opens here or in a new tab, and never hands the opened page a handle on this one. */
function safeLink(attribs: Record<string, string>): Record<string, string> {
  const { target, rel: _rel, ...rest } = attribs;
  return { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' };
}

/**
 * User HTML reduced to safe markup: headings, paragraphs, lists, quotes, code blocks, tables,
 * links (http, https, mailto or relative) and images Kosh serves itself. No scripts, handlers,
 * styles, frames, SVG or forms; the text of script-like elements goes with them.
 */
export async function sanitizeUserHtml(html: string): Promise<string> {
  // Loaded on the first page shown: sanitize-html and its parsers cost some 20 MB a server need not
  // carry from the start.
  const { default: sanitizeHtml } = await import('sanitize-html');
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
      code: ['class'],
      '*': ['id'],
    },
    // The language of a code block (TipTap writes class="language-js"); no other class.
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Images carry no scheme at all: data:, blob: and other sites' addresses are refused.
    allowedSchemesByTag: { img: [] },
    // "//evil.example/x" is another site in disguise.
    allowProtocolRelative: false,
    // Elements whose text is not prose: dropped whole rather than left as loose text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'svg', 'math', 'iframe', 'template'],
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src),
    transformTags: { a: (_tag, attribs) => ({ tagName: 'a', attribs: safeLink(attribs) }) },
  });
}
