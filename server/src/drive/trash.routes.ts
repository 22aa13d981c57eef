import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkEntriesBodySchema,
  BulkEntriesResponseSchema,
  DeleteEntriesBodySchema,
  DeleteEntriesResponseSchema,
  EmptyTrashResponseSchema,
  EntryIdsBodySchema,
  FileEntriesResponseSchema,
} from '@kosh/contracts';
import type { DriveModule } from './drive.module.ts';

const tags = ['drive'];

/** Trash: delete, restore, empty; and bulk actions on a whole folder or the trash. */
export async function trashRoutes(app: FastifyInstance, { drive }: { drive: DriveModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/file-entries/delete', {
    schema: {
      tags,
      summary: 'Move entries to trash, or delete them for good with deleteForever (spec part 2, 7).',
      description: [
        'A trashed folder takes its contents with it. deleteForever also removes the bytes from storage. Every id must',
        "be the caller's, else 404 and nothing happens (inside a folder shared with the caller with edit permission,",
        "entries may go to the owner's trash; deleteForever stays the owner's: 403); then each item answers in",
        'results. Permission files.delete. Trash is emptied automatically after drive.trash_purge_days (setting, 30).',
      ].join(' '),
      body: DeleteEntriesBodySchema,
      response: { 200: DeleteEntriesResponseSchema },
    },
    handler: async (request) => drive.trash.delete(request.actor, request.body),
  });

  api.post('/file-entries/bulk', {
    schema: {
      tags,
      summary: 'One action on every entry of a folder, or of the trash, but those left out ("select all").',
      description: [
        'selection {place: folder, folderId (null: the root)} acts on the live entries of a folder with move,',
        'copy, trash, star or unstar; {place: trash} on what the trash lists with restore or deleteForever.',
        'except names entries left out. Each entry needs what the id-based call needs (permissions files.create,',
        'files.delete, files.view; edit on shared entries, the workspace role): entries the caller may not act on',
        'are refused and counted by reason, never touched. Answers counts, not entries: a folder may hold',
        '100,000. Bytes of entries deleted forever are removed from storage after the answer.',
      ].join(' '),
      body: BulkEntriesBodySchema,
      response: { 200: BulkEntriesResponseSchema },
    },
    handler: async (request) => drive.bulk.run(request.actor, request.body),
  });

  api.post('/file-entries/restore', {
    schema: {
      tags,
      summary: 'Restore entries from trash to where they were.',
      description: [
        'When the original folder is gone or itself in trash the entry returns to the root; a name taken there gets',
        'a number. Permission files.delete.',
      ].join(' '),
      body: EntryIdsBodySchema,
      response: { 200: FileEntriesResponseSchema },
    },
    handler: async (request) => ({ entries: await drive.trash.restore(request.actor, request.body.entryIds) }),
  });

  api.post('/file-entries/empty-trash', {
    schema: {
      tags,
      summary: "Delete everything in the caller's trash for good, bytes included.",
      response: { 200: EmptyTrashResponseSchema },
    },
    handler: async (request) => ({ deleted: await drive.trash.emptyTrash(request.actor, request.workspaceId) }),
  });
}
