import DOMPurify from 'dompurify';

/**
 * The server sanitises line HTML already; the client sanitises again before rendering (issue 7).
 * Links are unwrapped to their text: the whole row is the control that follows the main action.
 */
const LINE_TAGS = ['strong', 'em', 'b', 'i', 'br', 'span'];

export function sanitizeLineHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: LINE_TAGS, ALLOWED_ATTR: [] });
}
