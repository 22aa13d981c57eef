// Staff's HTML of a mail body reduced to what mail clients show, with the same library and the
// same refusals as custom pages (pages/sanitize.ts: no scripts, handlers, frames, forms, SVG, no
// javascript: links), plus what pages refuse and mail needs: inline styles, because mail clients
// drop <style> blocks and classes. Styles are kept property by property, each value matched whole,
// so nothing like url(...) or expression(...) gets through.

const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\))$/i;
const LENGTHS = /^(-?[\d.]+(px|em|rem|%)?|auto)(\s+(-?[\d.]+(px|em|rem|%)?|auto)){0,3}$/i;
const BORDER = /^(none|0|[\d.]+px(\s+(solid|dashed|dotted|double))?(\s+(#[0-9a-f]{3,8}|[a-z]+))?)$/i;
const lengthOf = (...names: string[]) => Object.fromEntries(names.map((n) => [n, [LENGTHS]]));

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [COLOUR],
  'background-color': [COLOUR],
  'font-family': [/^[\w\s,'"-]+$/],
  'font-size': [LENGTHS],
  'font-weight': [/^(normal|bold|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'letter-spacing': [LENGTHS],
  'line-height': [LENGTHS],
  'text-align': [/^(left|right|center|justify)$/],
  'text-decoration': [/^(none|underline|line-through)$/],
  display: [/^(block|inline|inline-block|none)$/],
  ...lengthOf('margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left'),
  ...lengthOf('padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left'),
  ...lengthOf('width', 'max-width', 'height', 'border-radius'),
  border: [BORDER],
  'border-top': [BORDER],
  'border-right': [BORDER],
  'border-bottom': [BORDER],
  'border-left': [BORDER],
};

/** Mail-body HTML with only safe markup and inline styles left; {{variables}} pass as text. */
export async function sanitizeMailHtml(html: string): Promise<string> {
  // Loaded on the first save or customised mail, as for pages: the library costs memory at start.
  const { default: sanitizeHtml } = await import('sanitize-html');
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      a: ['href', 'name', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      table: ['width', 'cellpadding', 'cellspacing', 'border', 'role', 'align'],
      td: ['colspan', 'rowspan', 'width', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'scope', 'width', 'align', 'valign'],
      '*': ['style', 'align'],
    },
    allowedStyles: { '*': ALLOWED_STYLES },
    allowedSchemes: ['http', 'https', 'mailto'],
    // A mail has no page of its own to be relative to: images are https addresses or nothing.
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'svg', 'math', 'iframe', 'template'],
  });
}
