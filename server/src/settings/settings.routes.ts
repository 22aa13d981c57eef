import { AdminSettingsSchema, SentTestMailSchema, UpdateSettingsBodySchema } from '@kosh/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAccount, rateLimited } from '../http/rate-limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SettingsModule } from './settings.module.ts';

export async function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsModule; mailer: Mailer }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = deps.settings.service;
  api.get('/settings', {
    schema: {
      tags: ['admin'],
      summary: 'Every editable setting, flat keys to values; secrets only as set or not (permission settings.update).',
      response: { 200: AdminSettingsSchema },
    },
    handler: async (request) => settings.listForAdmin(request.actor),
  });
  api.put('/settings', {
    schema: {
      tags: ['admin'],
      summary:
        'Change settings, all or nothing: values are checked, changed credentials tried live, ' +
        'the change audited (permission settings.update).',
      body: UpdateSettingsBodySchema,
      response: { 200: AdminSettingsSchema },
    },
    handler: async (request) =>
      settings.updateMany(
        { actor: request.actor, ip: request.ip, baseUrl: request.linkBaseUrl },
        request.body.settings,
      ),
  });
  api.post('/settings/mail/test', {
    preHandler: rateLimited(app, [perAccount('settings-test-mail', 10, (r) => r.actor.user?.id)]),
    schema: {
      tags: ['admin'],
      summary: 'Send a test mail to yourself the way mail goes out now (permission settings.update).',
      response: { 200: SentTestMailSchema },
    },
    handler: async (request) => settings.sendTestMail(request.actor, deps.mailer),
  });
  api.delete('/settings/:key', {
    schema: {
      tags: ['admin'],
      summary: 'Put one setting back to its default (permission settings.update).',
      params: z.object({ key: z.string().min(1).max(100) }),
    },
    handler: async (request, reply) => {
      await settings.reset({ actor: request.actor, ip: request.ip, baseUrl: request.linkBaseUrl }, request.params.key);
      return reply.status(204).send();
    },
  });
}
