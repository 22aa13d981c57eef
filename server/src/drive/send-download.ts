import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteDelivery } from './byte-delivery.ts';
import type { Bundle, FileDownload } from './download.service.ts';
import { notFound } from '../http/app-error.ts';
import { openForPump, pumpFile } from './file-pump.ts';
import { ifRangeHolds, isNotModified, parseRange } from './http-range.ts';

/** Scripts and plugins stay off for content a browser could run, so a preview cannot act as the site. */
export const SANDBOX_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
/** Passive previews (images, video, PDF) may load themselves and nothing else. */
const PREVIEW_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; object-src 'self'; " +
  "style-src 'unsafe-inline'; frame-ancestors 'self'";

export type SendOptions = {
  inline: boolean;
  cacheControl?: string;
  /** Hand the bytes to nginx (X-Accel-Redirect) at this internal location, for local-disk files. */
  accelRedirect?: string;
  /** The file on this machine (local driver): sent with a fixed buffer pool instead of a stream. */
  localPath?: string;
};

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Sends one file with the HTTP a video player or download manager expects: a single Range
 * (206, 416), If-None-Match/If-Modified-Since (304), If-Range, ETag and Last-Modified,
 * always nosniff; active types are sent as attachments, or inline only under a sandbox CSP.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileDownload,
  options: SendOptions,
): Promise<FastifyReply> {
  const type = /^text\/[\w.+-]+$/i.test(file.contentType) ? `${file.contentType}; charset=utf-8` : file.contentType;
  reply.headers({
    etag: file.etag,
    'last-modified': file.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': options.cacheControl ?? 'private, no-cache',
    'x-content-type-options': 'nosniff',
    'content-type': type,
    'content-disposition': contentDisposition(file.entry.name, { type: options.inline ? 'inline' : 'attachment' }),
    'content-security-policy': options.inline
      ? file.isActive
        ? SANDBOX_CSP
        : PREVIEW_CSP
      : "default-src 'none'; sandbox",
  });
  if (
    isNotModified(
      { ifNoneMatch: header(request, 'if-none-match'), ifModifiedSince: header(request, 'if-modified-since') },
      file.etag,
      file.lastModified,
    )
  ) {
    return reply.status(304).send();
  }
  if (options.accelRedirect) {
    // nginx serves the bytes with sendfile, Range included; the headers above travel with them.
    return reply.header('x-accel-redirect', options.accelRedirect).status(200).send();
  }
  const wanted = ifRangeHolds(header(request, 'if-range'), file.etag, file.lastModified)
    ? parseRange(header(request, 'range'), file.size)
    : undefined;
  if (wanted === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  const status = wanted ? 206 : 200;
  const range = wanted ?? { start: 0, end: file.size - 1 };
  if (wanted) reply.header('content-range', `bytes ${wanted.start}-${wanted.end}/${file.size}`);
  reply.header('content-length', range.end - range.start + 1);
  if (options.localPath && file.size > 0) {
    const handle = await openForPump(options.localPath);
    if (!handle) throw notFound();
    // Past Fastify's send: the headers go out as set above, then the pooled file pump.
    reply.hijack();
    reply.raw.writeHead(status, reply.getHeaders() as Record<string, string>);
    if (request.method === 'HEAD') {
      await handle.close();
      reply.raw.end();
    } else {
      await pumpFile(reply.raw, handle, range.start, range.end);
    }
    return reply;
  }
  return reply.status(status).send(await file.open(wanted));
}

/** What a download of several entries answers: one file as itself (with Range), else the ZIP as it is built. */
export async function sendBundle(
  request: FastifyRequest,
  reply: FastifyReply,
  bundle: Bundle,
  delivery: ByteDelivery,
): Promise<FastifyReply> {
  if (bundle.kind === 'file')
    return sendDownload(request, reply, bundle.file, { inline: false, ...delivery(bundle.file.storageKey) });
  reply.headers({
    'content-type': 'application/zip',
    'content-disposition': contentDisposition(bundle.filename),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
  return reply.send(bundle.stream);
}
