import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AttachTagsBodySchema,
  DetachTagsBodySchema,
  FileEntriesResponseSchema,
  TagSuggestionsQuerySchema,
  TagSuggestionsResponseSchema,
} from '@kosh/contracts';
import type { DriveTagsService } from './tags.service.ts';

const tags = ['drive'];
const who = [
  'Needs edit access to every entry (owner, workspace editor, or shared for editing): an entry the caller cannot',
  'see answers 404 like one that does not exist, one they may only view or download answers 403; nothing changes',
  'then. Permission files.create.',
].join(' ');

/** Tags on entries: add, remove, and suggestions for the tag input. */
export async function tagsRoutes(app: FastifyInstance, deps: { tags: DriveTagsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/file-entries/tags', {
    schema: {
      tags,
      summary: 'Add tags to entries; tags that do not exist yet are created.',
      description: [
        'tags are display names ("Q3 report"); each is the tag of its name, a lower-case slug ("q3-report"), so',
        `the same words are one tag. Up to 1000 entries and 10 tags a call. ${who} Answers the entries with their`,
        'tags.',
      ].join(' '),
      body: AttachTagsBodySchema,
      response: { 200: FileEntriesResponseSchema },
    },
    handler: async (request) => ({ entries: await deps.tags.attach(request.actor, request.body) }),
  });

  api.post('/file-entries/tags/remove', {
    schema: {
      tags,
      summary: 'Remove tags from entries.',
      description: `Tags an entry does not carry are skipped. ${who} Answers the entries with their tags.`,
      body: DetachTagsBodySchema,
      response: { 200: FileEntriesResponseSchema },
    },
    handler: async (request) => ({ entries: await deps.tags.detach(request.actor, request.body) }),
  });

  api.get('/tags', {
    schema: {
      tags,
      summary: 'Tag suggestions for the tag input.',
      description: [
        'Tags on entries of the drive the caller is in (workspaceId) or that the caller put on anything, whose name',
        'or display name starts with query, and the tag named exactly query; by display name, at most perPage (20).',
        'Permission files.view.',
      ].join(' '),
      querystring: TagSuggestionsQuerySchema,
      response: { 200: TagSuggestionsResponseSchema },
    },
    handler: async (request) => deps.tags.suggest(request.actor, request.workspaceId, request.query),
  });
}
