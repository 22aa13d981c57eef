import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import { CHECKSUM_ALGORITHMS, type TusRequestContext, tusContext } from './tus-context.ts';
import type { TusUploads } from './tus.service.ts';

/**
 * The tus endpoint's glue between Fastify and the uploads service: @tus/server runs inside a
 * Fastify route, so the app's session, anti-forgery and workspace hooks run first. It hands the
 * socket over (hijack) to the PATCH streamer or to @tus/server, with the caller in tusContext.
 */
export class TusHttpAdapter {
  private readonly uploads: TusUploads;
  private readonly logger: Logger;
  constructor(deps: { uploads: TusUploads; logger: Logger }) {
    this.uploads = deps.uploads;
    this.logger = deps.logger;
  }

  /** Hands one tus request (any method) over; the answer is written by the streamer or @tus/server. */
  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const method = request.method;
    await this.uploads.authorize(request.actor, method);
    const engine = await this.uploads.engine();
    const res = reply.raw;
    const context: TusRequestContext = { actor: request.actor, workspaceId: request.workspaceId, res };
    const checksum = request.headers['upload-checksum'];
    if (typeof checksum === 'string') {
      const [name, digest] = checksum.trim().split(/\s+/);
      if (!CHECKSUM_ALGORITHMS[name] || !digest)
        throw new AppError(400, 'Unsupported checksum algorithm.', { code: 'upload_checksum_unsupported' });
      context.checksum = { algorithm: CHECKSUM_ALGORITHMS[name], digest };
    }
    if (method === 'OPTIONS') res.setHeader('Tus-Checksum-Algorithm', Object.keys(CHECKSUM_ALGORITHMS).join(','));
    reply.hijack();
    try {
      const uploadId = (request.params as { uploadId?: string }).uploadId;
      if (method === 'PATCH' && uploadId)
        await tusContext.run(context, () => engine.patcher.patch(request.raw, res, uploadId));
      else await tusContext.run(context, () => engine.server.handle(request.raw, res));
    } catch (error) {
      this.logger.error({ err: error }, 'tus request failed');
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'There was an issue. Please try again.' }));
      else res.destroy();
    }
    if (context.createdKey && res.statusCode >= 400) await this.uploads.forgetFailedCreation(context.createdKey);
  }
}
