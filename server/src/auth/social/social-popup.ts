import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { SOCIAL_AUTH_MESSAGE_TYPE, type BootstrapData, type SocialAuthStatus } from '@kosh/contracts';
import { htmlCsp } from '../../web/spa.ts';
import { safeJson } from '../../web/safe-json.ts';

export type PopupMessage = {
  status: SocialAuthStatus;
  callbackData: { bootstrapData?: BootstrapData; errorMessage?: string };
};

/**
 * The page the provider sends the popup back to: it posts the result to the window that
 * opened it (only to the app's own origin) and closes (spec part 1, 2.8 and 7.2).
 */
export function sendPopupResult(reply: FastifyReply, appOrigin: string, message: PopupMessage): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const payload = safeJson({ type: SOCIAL_AUTH_MESSAGE_TYPE, ...message });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body>
<p id="note">You can close this window.</p>
<script nonce="${nonce}">(function () {
  var message = ${payload};
  if (window.opener) { window.opener.postMessage(message, ${safeJson(appOrigin)}); window.close(); }
})();</script>
</body></html>`;
  return (
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', htmlCsp(nonce))
      // The popup must keep its link to the opener across the provider's pages.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .send(html)
  );
}
