// The pieces every mail shares. The mails themselves are templates staff may edit
// (mail-template-registry.ts, rendered by mail-templates.service.ts).

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML frame of every mail around its body (escaped or sanitised already): font, width, the site name under it. */
export function mailFrame(siteName: string, body: string): string {
  const frame = 'font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px';
  const footer = `<p style="color:#6b7280">${escapeHtml(siteName)}</p>`;
  return `<!doctype html><html><body style="${frame}">${body}${footer}</body></html>`;
}
