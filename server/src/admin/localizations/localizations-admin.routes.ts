import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import {
  AdminLocalizationResponseSchema,
  AdminLocalizationsPageSchema,
  AdminLocalizationsQuerySchema,
  CreateLocalizationBodySchema,
  LOCALIZATION_FILE_MAX_BYTES,
  LocalizationIdParamsSchema,
  LocalizationLinesResponseSchema,
  SaveLocalizationLinesBodySchema,
  SaveLocalizationLinesResponseSchema,
  UpdateLocalizationBodySchema,
} from '@kosh/contracts';
import { payloadTooLarge, validation } from '../../http/app-error.ts';
import type { LocalizationLinesService } from './localization-lines.service.ts';
import type { LocalizationsAdminService } from './localizations-admin.service.ts';

const tags = ['admin'];
const params = LocalizationIdParamsSchema;
const CODE =
  'The code is a language tag (hi, pt-BR), stored in canonical case, unique in any case (422 errors.language).';
const FILE_TOO_LARGE = `The file may not be greater than ${LOCALIZATION_FILE_MAX_BYTES / 1024 / 1024} MB.`;

/** The uploaded file's text: multipart `file`, or the JSON body itself. Over 2 MB: 413. */
async function uploadedText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    if (request.body === undefined || request.body === null) throw validation({ file: ['Choose a JSON file.'] });
    return JSON.stringify(request.body);
  }
  // Past the limit the file is cut off and flagged rather than failing the form; the option is read
  // at run time but missing from the plugin's type.
  const options = {
    limits: { fileSize: LOCALIZATION_FILE_MAX_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: false,
  } as Parameters<typeof request.file>[0];
  const part = await request.file(options);
  if (part?.fieldname !== 'file') throw validation({ file: ['Choose a JSON file.'] });
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw payloadTooLarge(FILE_TOO_LARGE);
  return bytes.toString('utf8');
}

/** The admin area's localizations and their translation editor; permission localizations.update. */
export async function localizationsAdminRoutes(
  app: FastifyInstance,
  deps: { localizations: LocalizationsAdminService; lines: LocalizationLinesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { localizations, lines } = deps;
  const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

  api.get('/admin/localizations', {
    schema: {
      tags,
      summary: 'Every localization, with how many of the app’s English lines it translates.',
      description:
        'Permission localizations.update. Search in name and code; sort by name (default), language or updated_at.',
      querystring: AdminLocalizationsQuerySchema,
      response: { 200: AdminLocalizationsPageSchema },
    },
    handler: async (request) => localizations.list(request.actor, request.query),
  });

  api.post('/admin/localizations', {
    schema: {
      tags,
      summary: 'Create a localization: its lines are a copy of the default language’s.',
      description: `Permission localizations.update. ${CODE} The name is unique too. Audited (localization.create).`,
      body: CreateLocalizationBodySchema,
      response: { 201: AdminLocalizationResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ localization: await localizations.create(source(request), request.body) }),
  });

  api.put('/admin/localizations/:id', {
    schema: {
      tags,
      summary: 'Rename a localization: its name, its code, or both; its users keep it.',
      description: [
        `Permission localizations.update. ${CODE} The default language (setting i18n.default_localization)`,
        'keeps its code: 422 errors.language until another default is chosen. 404 for an unknown one.',
        'Audited (localization.update).',
      ].join(' '),
      params,
      body: UpdateLocalizationBodySchema,
      response: { 200: AdminLocalizationResponseSchema },
    },
    handler: async (request) => ({
      localization: await localizations.update(source(request), request.params.id, request.body),
    }),
  });

  api.delete('/admin/localizations/:id', {
    schema: {
      tags,
      summary: 'Delete a localization; its users fall back to the default language.',
      description: [
        'Permission localizations.update. 409 for the last localization and for the default language;',
        '404 for an unknown one. Audited (localization.delete).',
      ].join(' '),
      params,
    },
    handler: async (request, reply) => {
      await localizations.delete(source(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.get('/admin/localizations/:id/lines', {
    schema: {
      tags,
      summary: 'Every English line of the app with its translation, then keys only this localization has.',
      description: 'Permission localizations.update. The whole list (about a thousand short lines, ~100 KB).',
      params,
      response: { 200: LocalizationLinesResponseSchema },
    },
    handler: async (request) => lines.lines(request.actor, request.params.id),
  });

  api.put('/admin/localizations/:id/lines', {
    schema: {
      tags,
      summary: 'Change some lines: the keys given are set, the others stay; an empty string removes one.',
      description: [
        'Permission localizations.update. A new key adds it. Keys up to 500 characters, lines up to 5000, at',
        'most 5000 a call (422); lines are plain text. Two saves at once both land. Audited',
        '(localization.lines, with the keys changed).',
      ].join(' '),
      params,
      body: SaveLocalizationLinesBodySchema,
      response: { 200: SaveLocalizationLinesResponseSchema },
    },
    handler: async (request) => lines.save(source(request), request.params.id, request.body.lines),
  });

  api.get('/admin/localizations/:id/download', {
    schema: {
      tags,
      summary: 'The translated lines as a JSON file: {language, name, lines}.',
      description: 'Permission localizations.update. An attachment named after the code (hi.json).',
      params,
    },
    handler: async (request, reply) => {
      const { filename, file } = await lines.download(request.actor, request.params.id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(Buffer.from(`${JSON.stringify(file, null, 2)}\n`));
    },
  });

  api.post('/admin/localizations/:id/upload', {
    bodyLimit: LOCALIZATION_FILE_MAX_BYTES,
    schema: {
      tags,
      summary: 'Merge a JSON file over the lines: its keys are set (or removed when empty), the others stay.',
      description: [
        'Permission localizations.update. Multipart `file`, or the JSON as the body: a download',
        '({language, name, lines}) or a bare {key: line} object. 422 errors.file for malformed JSON or a value',
        'that is not text; 413 over 2 MB. Audited (localization.lines).',
      ].join(' '),
      params,
      response: { 200: SaveLocalizationLinesResponseSchema },
    },
    handler: async (request) => lines.upload(source(request), request.params.id, () => uploadedText(request)),
  });
}
