import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CopyEntriesBodySchema,
  CreateFolderBodySchema,
  EntryHashParamsSchema,
  EntryIdParamsSchema,
  EntryIdsBodySchema,
  FileEntriesResponseSchema,
  FileEntryPageSchema,
  FileEntryResponseSchema,
  FolderPathResponseSchema,
  ListFileEntriesQuerySchema,
  MoveEntriesBodySchema,
  RenameEntryBodySchema,
  SpaceUsageSchema,
} from '@kosh/contracts';
import type { DriveModule } from './drive.module.ts';

const tags = ['drive'];
const notYours = [
  'Entries of other users answer 404, exactly like entries that do not exist, unless shared with the caller; entries',
  'shared with the caller answer 403 when their permission falls short (view < download < edit).',
].join(' ');

/** Browsing and organising the drive: listings, folders, rename, move, copy, stars, space usage. */
export async function driveRoutes(app: FastifyInstance, { drive }: { drive: DriveModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/drive/file-entries', {
    schema: {
      tags,
      summary: 'List a section of the drive, one page at a time, folders first.',
      description: [
        [
          'Sections: home (the root), folder (folderHash; also a folder shared with the caller or inside one), shares',
          "(shared with me: the entries others shared with the caller, each with its owner's name and avatar and the",
          "caller's permission), recent (files by last change), starred, trash (what was trashed, not its contents),",
          'search (query in the name, case-insensitive; type and modifiedAfter/modifiedBefore filters). Recent,',
          "starred and search also hold entries shared with the caller and what is inside them (each with the caller's",
          "permission and its owner); a star is the caller's own. The caller's own entries carry is_shared.",
        ].join(' '),
        [
          'Sort with orderBy (name, updated_at, created_at, file_size, type) and orderDir; the default is updated_at',
          'desc.',
        ].join(' '),
        [
          'Answers {data, current_page, last_page, per_page, total}; fetch further pages while current_page <',
          'last_page. Permission files.view.',
        ].join(' '),
      ].join(' '),
      querystring: ListFileEntriesQuerySchema,
      response: { 200: FileEntryPageSchema },
    },
    handler: async (request) => drive.listing.list(request.actor, request.workspaceId, request.query),
  });

  api.get('/drive/folders/:hash/path', {
    schema: {
      tags,
      summary: 'A folder with its ancestors from the root down (breadcrumbs).',
      description: notYours,
      params: EntryHashParamsSchema,
      response: { 200: FolderPathResponseSchema },
    },
    handler: async (request) => drive.listing.folderPath(request.actor, request.params.hash),
  });

  api.get('/file-entries/:hash', {
    schema: {
      tags,
      summary: 'One entry by hash (also while in trash).',
      description: notYours,
      params: EntryHashParamsSchema,
      response: { 200: FileEntryResponseSchema },
    },
    handler: async (request) => ({ fileEntry: await drive.listing.get(request.actor, request.params.hash) }),
  });

  api.post('/folders', {
    schema: {
      tags,
      summary: 'Create a folder in a folder (parentId) or at the root.',
      description: [
        'Names: no slashes, no control characters, at most 255 bytes; a name a sibling already has (ignoring case)',
        'is refused with 422. Permission files.create; in a folder shared with the caller, edit permission (the',
        'folder counts against its owner).',
      ].join(' '),
      body: CreateFolderBodySchema,
      response: { 201: FileEntryResponseSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ fileEntry: await drive.entries.createFolder(request.actor, request.workspaceId, request.body) }),
  });

  api.put('/file-entries/:entryId', {
    schema: {
      tags,
      summary: 'Rename an entry.',
      description: [
        `Same name rules as folders; a clash with a sibling answers 422 with errors.name. Shared entries need edit`,
        `permission. ${notYours}`,
      ].join(' '),
      params: EntryIdParamsSchema,
      body: RenameEntryBodySchema,
      response: { 200: FileEntryResponseSchema },
    },
    handler: async (request) => ({
      fileEntry: await drive.entries.rename(request.actor, request.params.entryId, request.body.name),
    }),
  });

  api.post('/file-entries/move', {
    schema: {
      tags,
      summary: 'Move entries into a folder, or to the root with destinationId null.',
      description: [
        'A folder cannot go into itself or its descendants (422, nothing moved). A name taken at the destination',
        'gets a number ("a (1).txt"). Permission files.create. Entries stay in their drive (403 otherwise): with',
        'edit permission on a shared folder, entries move only within it, and the top of a share stays where its',
        'owner keeps it.',
      ].join(' '),
      body: MoveEntriesBodySchema,
      response: { 200: FileEntriesResponseSchema },
    },
    handler: async (request) => ({ entries: await drive.entries.move(request.actor, request.body) }),
  });

  api.post('/file-entries/copy', {
    schema: {
      tags,
      summary: 'Make copies of entries, folders with everything in them.',
      description: [
        'Bytes are copied in storage. Without destinationId each copy goes beside its original as "name (1)" (an',
        'entry shared with the caller: beside it when the caller may edit that folder, else at the root of their',
        'drive). Shared entries need download permission. The copies belong to the drive they land in and are',
        "refused when they do not fit in its owner's space. Answers the copies.",
      ].join(' '),
      body: CopyEntriesBodySchema,
      response: { 201: FileEntriesResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ entries: await drive.copy.copy(request.actor, request.body) }),
  });

  api.post('/file-entries/star', {
    schema: {
      tags,
      summary: 'Star entries for the caller.',
      body: EntryIdsBodySchema,
      response: { 200: FileEntriesResponseSchema },
    },
    handler: async (request) => ({
      entries: await drive.entries.setStarred(request.actor, request.body.entryIds, true),
    }),
  });

  api.post('/file-entries/unstar', {
    schema: {
      tags,
      summary: "Remove the caller's star from entries.",
      body: EntryIdsBodySchema,
      response: { 200: FileEntriesResponseSchema },
    },
    handler: async (request) => ({
      entries: await drive.entries.setStarred(request.actor, request.body.entryIds, false),
    }),
  });

  api.get('/user/space-usage', {
    schema: {
      tags,
      summary: 'Storage used and available, in bytes (spec part 1, 3).',
      description: [
        [
          'used counts every file the caller owns, trash included; available is the allowance staff set on the',
          'account, else the files.create restriction max_space_bytes, else the drive.default_space_bytes setting',
          '(25 GB); null means unlimited (admins are).',
        ].join(' '),
        [
          "With a workspaceId other than 0: the workspace owner's space, which the workspace's files fill (404 for",
          'non-members).',
        ].join(' '),
      ].join(' '),
      response: { 200: SpaceUsageSchema },
    },
    handler: async (request) =>
      drive.space.usage(
        await drive.policy.quotaHolder(request.actor, await drive.policy.scopeFor(request.actor, request.workspaceId)),
      ),
  });
}
