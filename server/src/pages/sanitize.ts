/** User HTML reduced to safe markup: no scripts, handlers, styles or javascript: URLs. */
export async function sanitizeUserHtml(html: string): Promise<string> {
  // Loaded on the first page shown: sanitize-html and its parsers cost some 20 MB a server need not
  // carry from the start.
  const { default: sanitizeHtml } = await import('sanitize-html');
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['id'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
