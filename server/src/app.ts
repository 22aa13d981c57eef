import path from 'node:path';
import fs from 'node:fs';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, AVATAR_MAX_BYTES } from '@kosh/contracts';
import './http/types.ts';
import { registerCompression } from './http/compression.ts';
import type { Modules } from './modules.ts';
import { baseUrlPlugin } from './http/base-url.ts';
import { overrideMethod } from './http/method-override.ts';
import { authContextPlugin } from './http/auth-context.ts';
import { csrfPlugin } from './http/csrf.ts';
import { workspacesRoutes } from './workspaces/workspaces.routes.ts';
import { workspacePlugin } from './http/workspace.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { redactUrl } from './logging/logger.ts';
import { tooManyRequests } from './http/app-error.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { registerOpenApi } from './docs/openapi.ts';
import { healthRoutes } from './health/health.routes.ts';
import { bootstrapRoutes } from './bootstrap/bootstrap.routes.ts';
import { adsRoutes } from './ads/ads.routes.ts';
import { customPagesRoutes } from './pages/custom-pages.routes.ts';
import { valueListsRoutes } from './value-lists/value-lists.routes.ts';
import { localeRoutes } from './i18n/locale.routes.ts';
import { logsRoutes } from './logs/logs.routes.ts';
import { logoutRoutes } from './auth/logout.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { PageQueries } from './web/page-queries.ts';
import { SpaRenderer, isClientRoute } from './web/spa.ts';
import { loginRoutes } from './auth/login.routes.ts';
import { passwordRoutes } from './auth/password.routes.ts';
import { twoFactorRoutes } from './auth/two-factor.routes.ts';
import { accountSecurityRoutes } from './auth/account-security.routes.ts';
import { socialRoutes } from './auth/social/social.routes.ts';
import { recaptchaRoutes } from './recaptcha/recaptcha.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { avatarRoutes } from './users/avatar.routes.ts';
import { driveRoutes } from './drive/drive.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';
import { tagsAdminRoutes } from './admin/tags/tags-admin.routes.ts';
import { themesAdminRoutes } from './admin/appearance/themes/themes-admin.routes.ts';
import { menusAdminRoutes } from './admin/appearance/menus/menus-admin.routes.ts';
import { mailTemplatesAdminRoutes } from './admin/mail-templates/mail-templates-admin.routes.ts';
import { pagesAdminRoutes } from './admin/pages/pages-admin.routes.ts';
import { pageImagesRoutes } from './admin/pages/page-images.routes.ts';
import { appearanceSettingsRoutes } from './admin/appearance/settings/appearance-settings.routes.ts';
import { appearanceImagesRoutes } from './admin/appearance/images/appearance-images.routes.ts';
import { localizationsAdminRoutes } from './admin/localizations/localizations-admin.routes.ts';
import { trashRoutes } from './drive/trash.routes.ts';
import { uploadRoutes } from './drive/upload.routes.ts';
import { downloadRoutes } from './drive/download.routes.ts';
import { sharesRoutes } from './shares/shares.routes.ts';
import { linkPageRoutes } from './shares/link-page.routes.ts';
import { tusRoutes } from './uploads/tus.routes.ts';
import { s3DirectRoutes } from './uploads/s3-direct.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { seoRoutes } from './shell/seo.routes.ts';
import { invoicesRoutes } from './billing/invoices/invoices.routes.ts';
import { plansRoutes } from './billing/plans.routes.ts';
import { plansAdminRoutes } from './billing/plans-admin.routes.ts';
import { couponsRoutes } from './billing/coupons/coupons.routes.ts';
import { subscriptionsRoutes } from './billing/subscriptions.routes.ts';
import { adminSubscriptionsRoutes } from './admin/subscriptions/admin-subscriptions.routes.ts';
import { queueRoutes } from './admin/queue/queue.routes.ts';
import { billingWebhookRoutes } from './billing/webhooks.routes.ts';
import { enquiriesRoutes } from './enquiries/enquiries.routes.ts';
import { auditRoutes } from './admin/audit/audit.routes.ts';
import { adminFilesRoutes } from './admin/files/admin-files.routes.ts';
import { storageAdminRoutes } from './admin/storage/storage-admin.routes.ts';
import { adminTwoFactorGate } from './auth/admin-two-factor.ts';
import { cacheRoutes } from './admin/cache/cache.routes.ts';
import { adminLogsRoutes } from './admin/logs.routes.ts';
import { userSpaceRoutes } from './admin/user-space/user-space.routes.ts';
import { enquiriesAdminRoutes } from './admin/enquiries/enquiries-admin.routes.ts';
import { reportRoutes } from './admin/report/report.routes.ts';
import { adminRoleUsersRoutes } from './admin/roles/role-users.routes.ts';
import { adminRolesRoutes } from './admin/roles/roles.routes.ts';
import { adminUsersRoutes } from './admin/users/admin-users.routes.ts';
import { adminUserEditRoutes } from './admin/users/user-edit.routes.ts';
import { adminUserSecurityRoutes } from './admin/users/user-security.routes.ts';
import { impersonationRoutes } from './admin/users/impersonation.routes.ts';

/** The Web Push service worker the web app registers at scope / (web/public/sw.js). */
const SERVICE_WORKER_FILE = 'sw.js';

/** The Fastify instance: used by main.ts and by the integration tests alike. */
export async function buildApp(modules: Modules): Promise<FastifyInstance> {
  const { config, auth, shell, drive, shares, uploads, notifications } = modules;
  const app = Fastify({
    loggerInstance: modules.logger as FastifyBaseLogger,
    rewriteUrl: overrideMethod,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // Request logs for API calls; static assets and health probes would only drown them.
    logController: new LogController({ disableRequestLogging: (req) => /^\/(assets\/|health|favicon)/.test(req.url) }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const answerNotFound = registerErrorHandling(app, config.debug, (error, request) =>
    modules.errorReporter.report(error, { method: request.method, url: redactUrl(request.url) }),
  );

  await app.register(cookie);
  await app.register(helmet, {
    // HTML gets its own per-request policy with a nonce (web/spa.ts); API answers get a closed one below.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
    // Social sign-in popups post their result back to the page that opened them (spec part 1, 2.8).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  registerCompression(app);
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(modules.db),
    errorResponseBuilder: (_req, ctx) =>
      tooManyRequests(`Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
  });
  // Multipart is for small forms (avatars); big files go through tus uploads instead.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 8192, parts: 12 },
  });
  await app.register(baseUrlPlugin, { appUrl: config.appUrl, port: config.port });
  await app.register(authContextPlugin, { resolver: auth.resolver });
  await app.register(csrfPlugin);
  // Staff without two-factor sign-in, while the setting asks for it, stay out of the admin API
  // (before the body is validated: the refusal does not depend on what they sent).
  app.addHook(
    'preValidation',
    adminTwoFactorGate({ settings: modules.settings.service, users: modules.users.repos.users }),
  );
  await app.register(workspacePlugin);
  await registerOpenApi(app);
  // Open notification streams never end on their own: end them before the server waits for open requests.
  app.addHook('preClose', async () => notifications.streams.closeAll());

  const answers = shell.answers;
  await app.register(healthRoutes, { health: modules.health });
  await app.register(logoutRoutes, { auth, answers, prefix: '/auth' });
  await app.register(loginRoutes, { auth, answers, prefix: '/auth' });
  await app.register(passwordRoutes, { auth, prefix: '/auth' });
  await app.register(twoFactorRoutes, { auth, prefix: '/auth' });
  await app.register(socialRoutes, { auth, answers, prefix: '/secure' });
  await app.register(
    async (api) => {
      await api.register(bootstrapRoutes, { answers });
      await api.register(customPagesRoutes, { shell });
      await api.register(valueListsRoutes, { shell });
      await api.register(localeRoutes, { i18n: modules.i18n });
      await api.register(logsRoutes, { logs: modules.logs });
      await api.register(settingsRoutes, { settings: modules.settings, mailer: modules.mailer });
      await api.register(accountSecurityRoutes, { auth });
      await api.register(recaptchaRoutes, { recaptcha: modules.recaptcha });
      await api.register(enquiriesRoutes, { enquiries: modules.enquiries });
      await api.register(usersRoutes, { account: modules.account });
      await api.register(avatarRoutes, { account: modules.account });
      await api.register(driveRoutes, { drive });
      await api.register(tagsRoutes, { tags: modules.tags.drive });
      await api.register(trashRoutes, { drive });
      await api.register(uploadRoutes, { drive });
      await api.register(downloadRoutes, { drive });
      await api.register(sharesRoutes, { shares });
      await api.register(workspacesRoutes, { workspaces: modules.workspaces });
      await api.register(linkPageRoutes, { shares, delivery: drive.delivery });
      await api.register(tusRoutes, { uploads });
      await api.register(s3DirectRoutes, { uploads });
      await api.register(notificationsRoutes, { notifications, signIns: auth.resolver });
      await api.register(plansRoutes, { billing: modules.billing });
      await api.register(plansAdminRoutes, { billing: modules.billing });
      await api.register(couponsRoutes, { coupons: modules.billing.coupons });
      await api.register(subscriptionsRoutes, { billing: modules.billing });
      await api.register(invoicesRoutes, { invoices: modules.billing.invoices });
      await api.register(billingWebhookRoutes, { billing: modules.billing });
      await api.register(auditRoutes, { admin: modules.admin });
      await api.register(adminSubscriptionsRoutes, { subscriptions: modules.adminSubscriptions });
      await api.register(queueRoutes, { queue: modules.queue });
      await api.register(adminLogsRoutes, { admin: modules.admin });
      await api.register(userSpaceRoutes, { admin: modules.admin });
      await api.register(enquiriesAdminRoutes, { admin: modules.admin });
      await api.register(reportRoutes, { report: modules.report });
      await api.register(tagsAdminRoutes, { tags: modules.tags.admin });
      await api.register(themesAdminRoutes, { themes: modules.appearanceThemes });
      await api.register(menusAdminRoutes, { menus: modules.appearanceMenus });
      await api.register(mailTemplatesAdminRoutes, { templates: modules.mailTemplates.admin });
      await api.register(pagesAdminRoutes, { pages: modules.pagesAdmin });
      await api.register(pageImagesRoutes, { pages: modules.pagesAdmin });
      await api.register(appearanceSettingsRoutes, { settings: modules.appearanceSettings.service });
      await api.register(appearanceImagesRoutes, {
        images: modules.pagesAdmin.images,
        favicons: modules.appearanceSettings.favicons,
      });
      await api.register(localizationsAdminRoutes, modules.i18n.admin);
      await api.register(adminRolesRoutes, { roles: modules.adminRoles });
      await api.register(adminRoleUsersRoutes, { roles: modules.adminRoles });
      await api.register(adminUsersRoutes, { adminUsers: modules.adminUsers });
      await api.register(adminUserEditRoutes, { adminUsers: modules.adminUsers });
      await api.register(adminUserSecurityRoutes, { adminUsers: modules.adminUsers });
      await api.register(adminFilesRoutes, { adminFiles: modules.adminFiles });
      await api.register(storageAdminRoutes, { storage: modules.adminStorage });
      await api.register(cacheRoutes, { caches: modules.caches });
      await api.register(impersonationRoutes, { adminUsers: modules.adminUsers, answers });
    },
    { prefix: `/${API_PREFIX}` },
  );

  const dist = config.webDistDir;
  const spa = new SpaRenderer({
    config,
    answers,
    seo: shares.seo,
    settings: modules.settings.service,
    queries: new PageQueries({
      plans: modules.billing.plans,
      links: shares.access,
      drive: modules.drive,
      workspaces: modules.workspaces.service,
      report: modules.report.service,
    }),
    log: app.log,
  });
  if (fs.existsSync(dist)) {
    // Text assets sit beside their .br and .gz made at build time (web/vite.config.ts).
    await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
    const assets = path.join(dist, 'assets');
    if (fs.existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        immutable: true,
        maxAge: '365d',
        index: false,
        preCompressed: true,
        decorateReply: false,
      });
    }
    // The landing page's illustrations (web/public/landing): plain names an upgrade may change, so a day.
    const landing = path.join(dist, 'landing');
    if (fs.existsSync(landing)) {
      await app.register(fastifyStatic, {
        root: landing,
        prefix: '/landing/',
        maxAge: '1d',
        index: false,
        preCompressed: true,
        decorateReply: false,
      });
    }
    for (const file of fs.readdirSync(dist)) {
      // Top-level public files (favicon, fonts, service worker) keep their names; index.html is rendered.
      if (file === 'index.html' || /\.(br|gz)$/.test(file) || !fs.statSync(path.join(dist, file)).isFile()) continue;
      if (file === SERVICE_WORKER_FILE) {
        // The push service worker gets its own policy: the API's 'none' would govern the worker.
        app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) =>
          reply.header('content-security-policy', "default-src 'self'; img-src 'self' data: blob:").sendFile(file),
        );
        continue;
      }
      app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) => reply.sendFile(file));
    }
  }
  await app.register(seoRoutes, { shell });
  // Each ad slot's frame (outside the API: an HTML document with its own sandboxing policy).
  await app.register(adsRoutes, { ads: modules.ads });
  app.get('/', { schema: { hide: true } }, (request, reply) => spa.render(request, reply));
  // Client routes belong to the web app's router; the server answers them with the shell.
  app.setNotFoundHandler((request, reply) =>
    isClientRoute(request) ? spa.render(request, reply) : answerNotFound(request, reply),
  );
  return app;
}
