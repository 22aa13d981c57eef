import sanitizeHtml from 'sanitize-html';

/**
 * A notification line's HTML reduced to a strict allow-list: emphasis, line breaks,
 * spans and links to http(s) or in-app paths. Everything else (scripts, handlers, styles,
 * images) is dropped before the line is stored.
 */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['strong', 'em', 'b', 'i', 'a', 'br', 'span'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href'],
    // Relative links (in-app paths) are kept; protocol-relative ones (//host) leave the site.
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });
}

/** A line as plain text (push bodies, mail subjects): tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
