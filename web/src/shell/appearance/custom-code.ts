let sheet: CSSStyleSheet | undefined;

/**
 * Custom CSS through a constructed stylesheet: CSSOM is not subject to the
 * Content-Security-Policy that blocks injected <style> elements.
 */
export function applyCustomCss(css: string): void {
  if (!sheet) {
    // The server's copy (server/src/web/custom-code.ts) gives way to the live one.
    document.getElementById('be-custom-css')?.remove();
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  try {
    sheet.replaceSync(css);
  } catch {
    sheet.replaceSync('');
  }
}

/**
 * Custom HTML at the end of <body>, sanitised (scripts could not run under the CSP anyway). The
 * sanitiser loads only when there is HTML to apply, so pages of sites without custom code skip it.
 */
export async function applyCustomHtml(html: string): Promise<void> {
  let host = document.getElementById('be-custom-html');
  if (!host) {
    host = document.createElement('div');
    host.id = 'be-custom-html';
    document.body.appendChild(host);
  }
  if (!html) {
    host.replaceChildren();
    return;
  }
  const { default: DOMPurify } = await import('dompurify');
  host.innerHTML = DOMPurify.sanitize(html);
}
