import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MailTemplatePreviewSchema,
  MailTemplateResponseSchema,
  MailTemplatesResponseSchema,
  SaveMailTemplateBodySchema,
} from '@kosh/contracts';
import { z } from 'zod';
import type { MailTemplatesAdminService } from './mail-templates-admin.service.ts';

const tags = ['admin'];
const params = z.object({ id: z.string().max(64) });
const checks = [
  'The subject is at most 255 characters and each body at most 100 KB; {{name}} may only name the variables of',
  'the mail, and {{{name}}}, {{&name}}, partials and delimiter changes are refused (422 naming them per field).',
  'The HTML is sanitised: scripts, event handlers, frames, forms and javascript: links go, inline styles stay.',
].join(' ');

/** The admin area's mail templates; permission settings.update. */
export async function mailTemplatesAdminRoutes(app: FastifyInstance, deps: { templates: MailTemplatesAdminService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.templates;

  api.get('/admin/mail-templates', {
    schema: {
      tags,
      summary: 'Every mail Kosh sends, and whether staff changed it.',
      description:
        'Permission settings.update. In a fixed order; updated_at is when the edit was saved, null for a default.',
      response: { 200: MailTemplatesResponseSchema },
    },
    handler: async (request) => ({ templates: await service.list(request.actor) }),
  });

  api.get('/admin/mail-templates/:id', {
    schema: {
      tags,
      summary: 'One mail template: the saved edit or the default, with its variables and their samples.',
      description: 'Permission settings.update. 404 for an unknown id.',
      params,
      response: { 200: MailTemplateResponseSchema },
    },
    handler: async (request) => ({ template: await service.get(request.actor, request.params.id) }),
  });

  api.put('/admin/mail-templates/:id', {
    schema: {
      tags,
      summary: 'Save a mail template; the next mail of every server process uses it.',
      description: `Permission settings.update. ${checks} Audited (mail_template.update).`,
      params,
      body: SaveMailTemplateBodySchema,
      response: { 200: MailTemplateResponseSchema },
    },
    handler: async (request) => ({
      template: await service.save({ actor: request.actor, ip: request.ip }, request.params.id, request.body),
    }),
  });

  api.delete('/admin/mail-templates/:id', {
    schema: {
      tags,
      summary: 'Restore the default of a mail template.',
      description:
        'Permission settings.update. Answers the default. Audited (mail_template.restore) when it was edited.',
      params,
      response: { 200: MailTemplateResponseSchema },
    },
    handler: async (request) => ({
      template: await service.restore({ actor: request.actor, ip: request.ip }, request.params.id),
    }),
  });

  api.post('/admin/mail-templates/:id/preview', {
    schema: {
      tags,
      summary: 'Render an unsaved subject and bodies with sample values; nothing is saved or sent.',
      description: `Permission settings.update. ${checks} The HTML comes inside the frame every mail has.`,
      params,
      body: SaveMailTemplateBodySchema,
      response: { 200: MailTemplatePreviewSchema },
    },
    handler: async (request) => service.preview(request.actor, request.params.id, request.body),
  });
}
