import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUsersExportQuerySchema, AdminUsersPageSchema, AdminUsersQuerySchema } from '@kosh/contracts';
import type { AdminUsersModule } from './admin-users.module.ts';

const tags = ['admin'];
const FILTERS = [
  'The search (query) finds text anywhere in the email or the name, wildcards taken literally. Filters:',
  'emailVerified, suspended (a suspension whose end date has passed counts as none), roleId, createdFrom/',
  'createdTo and activeFrom/activeTo (inclusive calendar dates in UTC), and, while billing is on (ignored',
  'while it is off), subscribed: holding a valid subscription now (active, trialing, or cancelled and still in',
  'the paid period), as the subscribed field of each row says. Sorted by orderBy (email, created_at,',
  'last_active_at, banned_at; default created_at) and orderDir (default desc), then by id; users never',
  'active or never suspended sort as the lowest values.',
].join(' ');

/** The admin users list and its export (admin area, users). */
export async function adminUsersRoutes(app: FastifyInstance, deps: { adminUsers: AdminUsersModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { list } = deps.adminUsers;

  api.get('/admin/users', {
    schema: {
      tags,
      summary: 'A page of users with their roles, storage used and allowed, suspension and last activity.',
      description: [
        'Permission users.update.',
        FILTERS,
        'space_used counts every file the user owns, trash included; space_allowed is what limits them (null:',
        'unlimited): the staff-set available_space, else the plan of a valid subscription, else their roles’',
        'files.create max_space_bytes, else the free plan while billing is on, else the default space; admins',
        'are unlimited.',
      ].join(' '),
      querystring: AdminUsersQuerySchema,
      response: { 200: AdminUsersPageSchema },
    },
    handler: async (request) => list.list(request.actor, request.query),
  });

  api.get('/admin/users/export', {
    schema: {
      tags,
      summary: 'Every user the list’s filters match, as a CSV file, in the list’s order.',
      description: [
        'Permission users.update. Takes the list’s filters and sort without paging; streamed as it is read,',
        'a thousand users at a time. Columns: id, email, first_name, last_name, roles (names, comma-separated),',
        'email_verified_at, suspended (true/false), space_used (bytes), created_at, last_active_at. A cell',
        'starting with = + - @ is prefixed with an apostrophe so spreadsheets do not run it as a formula.',
        FILTERS,
      ].join(' '),
      querystring: AdminUsersExportQuerySchema,
    },
    handler: async (request, reply) => {
      const { filename, lines } = list.export(request.actor, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });
}
