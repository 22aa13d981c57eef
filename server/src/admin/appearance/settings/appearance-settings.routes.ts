import { AppearanceSettingsSchema, UpdateSettingsBodySchema } from '@kosh/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppearanceSettingsService } from './appearance-settings.service.ts';

/** The appearance editor's settings: branding, SEO texts, custom code and the landing page. */
export async function appearanceSettingsRoutes(app: FastifyInstance, deps: { settings: AppearanceSettingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/appearance/settings', {
    schema: {
      tags: ['admin'],
      summary: 'The value of every setting the appearance editor writes (permission appearance.update).',
      response: { 200: AppearanceSettingsSchema },
    },
    handler: async (request) => deps.settings.list(request.actor),
  });
  api.put('/admin/appearance/settings', {
    schema: {
      tags: ['admin'],
      summary:
        'Change appearance settings, all or nothing: checked like PUT /settings, audited, an uploaded ' +
        'favicon made in every size (permission appearance.update; other keys are 422).',
      body: UpdateSettingsBodySchema,
      response: { 200: AppearanceSettingsSchema },
    },
    handler: async (request) =>
      deps.settings.update(
        { actor: request.actor, ip: request.ip, baseUrl: request.linkBaseUrl },
        request.body.settings,
      ),
  });
}
