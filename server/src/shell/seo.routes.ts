import type { FastifyInstance } from 'fastify';
import type { ShellModule } from './shell.module.ts';

/** Crawlers read these often; an hour keeps a new custom page from waiting long to be listed. */
const CACHE = 'public, max-age=3600';

/**
 * GET /sitemap.xml and GET /robots.txt (public; addresses on the request's base URL or APP_URL), and
 * GET /manifest.webmanifest, which browsers check again on their own schedule (no-cache: a renamed site shows).
 */
export async function seoRoutes(app: FastifyInstance, deps: { shell: Pick<ShellModule, 'seo' | 'manifest'> }) {
  const { seo, manifest } = deps.shell;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await seo.sitemap(request.baseUrl)),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(seo.robots(request.baseUrl)),
  );
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(await manifest.manifest())),
  );
}
