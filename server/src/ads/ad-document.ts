/**
 * The policy of an ad's frame: ad networks load scripts, frames and images from anywhere over
 * https and run inline code, but the document is sandboxed (an opaque origin: no access to the
 * page that frames it, to Kosh's cookies or storage) and only Kosh's own pages may frame it.
 */
export const AD_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval' https:",
  "style-src 'unsafe-inline' https:",
  'img-src https: data:',
  'font-src https: data:',
  'media-src https:',
  'connect-src https:',
  'frame-src https:',
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
].join('; ');

const HEAD = [
  '<!doctype html>',
  '<html><head><meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<meta name="referrer" content="no-referrer">',
  '<style>html,body{margin:0;padding:0;overflow:hidden;font:14px system-ui,sans-serif}</style>',
].join('');

/** The page an ad slot's frame loads: the admin's snippet as the body, nothing of Kosh's. */
export function adDocument(snippet: string): string {
  return `${HEAD}</head><body>\n${snippet}\n</body></html>`;
}

/**
 * The admin area's live preview (GET /ads/preview): an empty page under the ad policy that writes
 * itself over with the code its framing Kosh page posts, so unsaved ad code runs as it will in a slot.
 * (A srcdoc frame would inherit the admin page's own policy, which runs no inline or foreign script.)
 */
export const AD_PREVIEW_DOCUMENT = `${HEAD}<script>
addEventListener('message', function (event) {
  if (event.source !== parent || event.origin !== new URL(location.href).origin) return;
  if (typeof event.data !== 'string') return;
  document.open();
  document.write(${JSON.stringify(`${HEAD}</head><body>`)} + event.data + '</body></html>');
  document.close();
});
</script></head><body></body></html>`;
