import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size the encoding costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE =
  /^(?:text\/(?:html|plain|css|xml|javascript)|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript))\b/i;

/**
 * Compresses the answers the server writes out of text: JSON, the rendered HTML shell, the
 * OpenAPI document, the sitemap. Only string payloads qualify: files, ZIPs and the notification
 * stream are streams and pass untouched (ranges and lengths stay exact), and the built web app is
 * served from files compressed at build time (@fastify/static's preCompressed).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || request.method === 'HEAD') return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    addVary(reply.getHeader('vary'), (value) => reply.header('vary', value));
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (!encoding) return payload;
    // Quality 5 and level 6: most of the saving for a few milliseconds, on the thread pool.
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return body;
  });
}

function addVary(current: unknown, set: (value: string) => void): void {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  set([...values, 'Accept-Encoding'].join(', '));
}
