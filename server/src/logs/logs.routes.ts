import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorLogDetailResponseSchema,
  ErrorLogDownloadQuerySchema,
  ErrorLogEntryParamsSchema,
  ErrorLogFilesResponseSchema,
  ErrorLogPageSchema,
  ErrorLogQuerySchema,
} from '@kosh/contracts';
import { z } from 'zod';
import type { ErrorLogDownload } from './logs.service.ts';
import type { LogsModule } from './logs.module.ts';

const tags = ['admin'];

const sendLog = (reply: FastifyReply, log: ErrorLogDownload) => {
  reply.header('content-type', 'text/plain; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${log.name}"`);
  reply.header('x-content-type-options', 'nosniff');
  return reply.send(log.stream);
};

/** The error log (admin area, logs: error; the developer dialog's 'Download log'). */
export async function logsRoutes(app: FastifyInstance, { logs }: { logs: LogsModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/logs/error/download-latest', {
    schema: { tags, summary: 'Download the latest error log (permission logs.view).' },
    handler: async (request, reply) => sendLog(reply, await logs.service.openLatestErrorLog(request.actor)),
  });

  api.get('/admin/logs/error/files', {
    schema: {
      tags,
      summary: 'The error log files, newest first (the server rotates them daily or at 10 MB and keeps 14).',
      description: 'Permission logs.view.',
      response: { 200: ErrorLogFilesResponseSchema },
    },
    handler: async (request) => ({ files: await logs.service.files(request.actor) }),
  });

  api.get('/admin/logs/error', {
    schema: {
      tags,
      summary: "A page of an error log file's entries, newest first.",
      description: [
        'Permission logs.view. The newest file unless `file` names one of the listed files; `level` keeps error or',
        'fatal entries; `query` finds text in the message or the request id. Entries are identified by file and',
        'byte offset. Answers the file read beside the page.',
      ].join(' '),
      querystring: ErrorLogQuerySchema,
      response: { 200: ErrorLogPageSchema.extend({ file: z.string().nullable() }) },
    },
    handler: async (request) => logs.service.entries(request.actor, request.query),
  });

  api.get('/admin/logs/error/:file/:offset', {
    schema: {
      tags,
      summary: 'One error log entry whole: its stack and the context it was logged with.',
      description: 'Permission logs.view. 404 when no entry starts at that offset of a listed file.',
      params: ErrorLogEntryParamsSchema,
      response: { 200: ErrorLogDetailResponseSchema },
    },
    handler: async (request) => ({
      entry: await logs.service.entry(request.actor, request.params.file, request.params.offset),
    }),
  });

  api.get('/admin/logs/error/download', {
    schema: {
      tags,
      summary: 'Download one of the listed error log files.',
      description: 'Permission logs.view. 404 for a name that is not a listed error log file.',
      querystring: ErrorLogDownloadQuerySchema,
    },
    handler: async (request, reply) =>
      sendLog(reply, await logs.service.openErrorLog(request.actor, request.query.file)),
  });
}
