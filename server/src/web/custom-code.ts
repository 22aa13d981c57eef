/**
 * Pages custom code is never served on: signing in (the two-factor challenge is a step of
 * /login), registering, password resets, the shareable link pages and the admin area, so a
 * broken or hostile snippet cannot lock staff out or read a link's files or a password.
 */
const EXCLUDED = [
  /^\/login(\/|$)/,
  /^\/register(\/|$)/,
  /^\/workspace\/join\/(login|register)(\/|$)/,
  /^\/forgot-password(\/|$)/,
  /^\/password\/reset(\/|$)/,
  /^\/(drive\/)?s(\/|$)/,
  /^\/admin(\/|$)/,
];

/** Whether a page's HTML carries the admins' custom CSS and HTML. */
export const servesCustomCode = (pathname: string): boolean => !EXCLUDED.some((re) => re.test(pathname));

/**
 * The custom CSS as a nonce'd <style> for <head>. Inside <style> only "</style" ends the
 * element, so every "<" is written as the CSS escape \3c (still "<" inside a CSS string).
 */
export function customStyleTag(css: string, nonce: string): string {
  return css.trim() ? `<style id="be-custom-css" nonce="${nonce}">${css.replace(/</g, '\\3c ')}</style>` : '';
}

/**
 * The custom HTML for the end of <body>, each <script> and <style> given the page's nonce (first,
 * so it is the attribute the browser reads) so admins' code runs under the policy without 'unsafe-inline'.
 */
export function customHtml(html: string, nonce: string): string {
  if (!html.trim()) return '';
  const nonced = html.replace(
    /<(script|style)(?=[\s>/])/gi,
    (_, tag: string) => `<${tag.toLowerCase()} nonce="${nonce}"`,
  );
  // In the host the editor's live preview (web/src/shell/appearance/custom-code.ts) replaces.
  return `<div id="be-custom-html">${nonced}</div>`;
}
