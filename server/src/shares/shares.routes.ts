import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EntryIdParamsSchema,
  EntrySharesResponseSchema,
  LeaveSharesBodySchema,
  LeaveSharesResponseSchema,
  SaveShareableLinkBodySchema,
  ShareableLinkResponseSchema,
  ShareEntriesBodySchema,
  ShareEntriesResponseSchema,
  ShareIdParamsSchema,
  ShareResponseSchema,
  UpdateShareBodySchema,
  ShareSuggestionsQuerySchema,
  ShareSuggestionsResponseSchema,
} from '@kosh/contracts';
import { contextOf } from '../http/request-context.ts';
import type { SharesModule } from './shares.module.ts';

const tags = ['sharing'];
const ownerOnly = 'Owner only: someone the entry is shared with gets 403, anyone else 404.';

/** The Share dialog: people with access and their permissions, and the entry's shareable link. */
export async function sharesRoutes(app: FastifyInstance, { shares }: { shares: SharesModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { people, links } = shares;

  api.get('/file-entries/shares/suggestions', {
    schema: {
      tags,
      summary: 'Addresses the Share dialog suggests while the user types: people they already share with.',
      description: [
        'Login required. People whose address or name starts with query, among those the user shares entries',
        'with or who share with the user, members of their workspaces, and addresses they invited; at most 8,',
        'by address. Nobody else is ever listed. Empty while the setting drive.share_suggestions is off.',
      ].join(' '),
      querystring: ShareSuggestionsQuerySchema,
      response: { 200: ShareSuggestionsResponseSchema },
    },
    handler: async (request) => people.suggestions(request.actor, request.query.query),
  });

  api.get('/file-entries/:entryId/shares', {
    schema: {
      tags,
      summary: 'Who has access to an entry: its owner and the people it is shared with.',
      description: [
        `people includes shares of the folders above the entry (entry_id says which entry a share is on) and pending`,
        `invitations (status invited, user_id null). ${ownerOnly}`,
      ].join(' '),
      params: EntryIdParamsSchema,
      response: { 200: EntrySharesResponseSchema },
    },
    handler: async (request) => people.listAccess(request.actor, request.params.entryId),
  });

  api.post('/file-entries/shares', {
    schema: {
      tags,
      summary: 'Share entries with people by email, with one permission: view, download or edit.',
      description: [
        [
          "A folder's share covers everything inside it. view: open and preview; download: also download and copy;",
          'edit: also rename, upload into, create folders in, move within and trash inside the folder (uploads count',
          "against the owner's space).",
        ].join(' '),
        [
          'An address already shared with gets the new permission. Each new recipient gets the file-entry-shared',
          'notification and an email; an address without an account gets an email invitation to register',
          '(/register/{token}?invite_type=file_entry_share), and the share applies once an account has the address and',
          "proves it: by registering with the mail's token, or by verifying the address. Registering alone does not.",
        ].join(' '),
        [
          'Invitation mail is limited: 20 new recipients a sender an hour, one mail per address and entry a day',
          '(sharing again within the day mails nothing), and a site-wide hourly cap (mail.invitations_per_hour).',
          'Past a limit the whole call answers 429 and nothing is shared.',
        ].join(' '),
        [
          'The answer is alike for addresses with and without an account: invited is true, and the people this call',
          'added show as invitations (their address, no name or avatar) until the list is read again.',
        ].join(' '),
        `Each address answers in results (invalid addresses and the owner's own are refused there). ${ownerOnly}`,
      ].join(' '),
      body: ShareEntriesBodySchema,
      response: { 200: ShareEntriesResponseSchema },
    },
    handler: async (request) => people.share(request.actor, request.body, contextOf(request)),
  });

  api.put('/file-entries/shares/:shareId', {
    schema: {
      tags,
      summary: 'Change what a person may do with a shared entry.',
      description: ownerOnly,
      params: ShareIdParamsSchema,
      body: UpdateShareBodySchema,
      response: { 200: ShareResponseSchema },
    },
    handler: async (request) => ({
      share: await people.updatePermission(request.actor, request.params.shareId, request.body.permission),
    }),
  });

  api.delete('/file-entries/shares/:shareId', {
    schema: {
      tags,
      summary: "Remove a person's access (the owner), or leave a share (the person).",
      description: "Takes effect on the person's next call. Anyone else gets 403 or 404.",
      params: ShareIdParamsSchema,
    },
    handler: async (request, reply) => {
      await people.remove(request.actor, request.params.shareId);
      return reply.status(204).send();
    },
  });

  api.post('/file-entries/shares/leave', {
    schema: {
      tags,
      summary: "Remove entries from the caller's shared-with-me list: their access to them ends.",
      description: 'Each entry answers in results; one not shared with the caller directly is ok: false.',
      body: LeaveSharesBodySchema,
      response: { 200: LeaveSharesResponseSchema },
    },
    handler: async (request) => ({ results: await people.leave(request.actor, request.body.entryIds) }),
  });

  api.get('/file-entries/:entryId/shareable-link', {
    schema: {
      tags,
      summary: "The entry's shareable link, or null.",
      description: ownerOnly,
      params: EntryIdParamsSchema,
      response: { 200: ShareableLinkResponseSchema },
    },
    handler: async (request) => ({ link: await links.get(request.actor, request.params.entryId) }),
  });

  api.post('/file-entries/:entryId/shareable-link', {
    schema: {
      tags,
      summary: "Create the entry's shareable link (one per entry: 409 when it has one).",
      description: [
        [
          'Defaults: enabled, downloads allowed, editing off, not restricted, no password, no expiry. The password is',
          'stored as an argon2id hash; expires_at must be in the future.',
        ].join(' '),
        `Permission links.create (its count restriction caps the links a user may have). ${ownerOnly}`,
      ].join(' '),
      params: EntryIdParamsSchema,
      body: SaveShareableLinkBodySchema,
      response: { 201: ShareableLinkResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ link: await links.create(request.actor, request.params.entryId, request.body) }),
  });

  api.put('/file-entries/:entryId/shareable-link', {
    schema: {
      tags,
      summary: [
        "Edit the entry's shareable link: on or off, password (null removes it), expiry (null: never), download,",
        'editing, restricted.',
      ].join(' '),
      description: [
        `Fields left out stay as they are. A new password locks browsers that unlocked the old one. Permission`,
        `links.create. ${ownerOnly}`,
      ].join(' '),
      params: EntryIdParamsSchema,
      body: SaveShareableLinkBodySchema,
      response: { 200: ShareableLinkResponseSchema },
    },
    handler: async (request) => ({ link: await links.update(request.actor, request.params.entryId, request.body) }),
  });

  api.delete('/file-entries/:entryId/shareable-link', {
    schema: {
      tags,
      summary: "Delete the entry's shareable link: its address answers 404 from then on.",
      description: ownerOnly,
      params: EntryIdParamsSchema,
    },
    handler: async (request, reply) => {
      await links.delete(request.actor, request.params.entryId);
      return reply.status(204).send();
    },
  });
}
