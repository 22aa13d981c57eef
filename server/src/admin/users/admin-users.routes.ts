import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUserIdParamsSchema,
  AdminUserResponseSchema,
  AdminUsersExportQuerySchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  CreateAdminUserBodySchema,
  MessageResponseSchema,
  UpdateAdminUserBodySchema,
} from '@kosh/contracts';
import type { AdminUsersModule } from './admin-users.module.ts';

const tags = ['admin'];
const FILTERS = [
  'The search (query) finds text anywhere in the email or the name, wildcards taken literally. Filters:',
  'emailVerified, suspended (a suspension whose end date has passed counts as none), roleId, createdFrom/',
  'createdTo and activeFrom/activeTo (inclusive calendar dates in UTC). subscribed is accepted and ignored',
  'until billing has subscriptions (nobody is subscribed yet). Sorted by orderBy (email, created_at,',
  'last_active_at, banned_at; default created_at) and orderDir (default desc), then by id; users never',
  'active or never suspended sort as the lowest values.',
].join(' ');

/** The admin users list and its export (admin area, users). */
export async function adminUsersRoutes(app: FastifyInstance, deps: { adminUsers: AdminUsersModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { list, editor } = deps.adminUsers;
  const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

  api.get('/admin/users', {
    schema: {
      tags,
      summary: 'A page of users with their roles, storage used and allowed, suspension and last activity.',
      description: [
        'Permission users.update.',
        FILTERS,
        'space_used counts every file the user owns, trash included; space_allowed is what limits them (null:',
        'unlimited): the staff-set available_space, else their roles’ files.create max_space_bytes, else the',
        'default space; admins are unlimited.',
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

  api.post('/admin/users', {
    schema: {
      tags,
      summary: 'Create a user with a password, roles, an allowed space and a verified address or not.',
      description: [
        'Permission users.update. No roles (or none given): the default role. email_verified absent: verified',
        'unless the site requires email confirmation. 422 with an errors map for every bad field: a taken email',
        '(email), an unknown role or the guest role (roles.N), a short password. Audit-logged (user.create).',
      ].join(' '),
      body: CreateAdminUserBodySchema,
      response: { 201: AdminUserResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ user: await editor.create(source(request), request.body) }),
  });

  api.get('/admin/users/:id', {
    schema: {
      tags,
      summary: 'One user for the edit page: the list row plus profile, two-factor state, roles and direct grants.',
      description: 'Permission users.update. 404 for an unknown user.',
      params: AdminUserIdParamsSchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({ user: await editor.show(request.actor, request.params.id) }),
  });

  api.put('/admin/users/:id', {
    schema: {
      tags,
      summary: 'Change any of a user’s names, allowed space, verification, roles, direct permissions, locale.',
      description: [
        'Permission users.update. Fields left out stay; available_space null inherits from the plan, the roles',
        'and the default space. roles and permissions, when given, replace the current ones (permissions: those',
        'granted to the user directly, with restrictions, checked against the permissions table). 422 per bad',
        'field (roles.N, permissions.N.name, language, country_id, timezone); 409 when the change would leave no',
        'account holding admin. Audit-logged (user.update) with each changed field before and after.',
      ].join(' '),
      params: AdminUserIdParamsSchema,
      body: UpdateAdminUserBodySchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({ user: await editor.update(source(request), request.params.id, request.body) }),
  });

  api.post('/admin/users/:id/verification-mail', {
    schema: {
      tags,
      summary: 'Mail the user a fresh email verification code (the one before stops working).',
      description: 'Permission users.update. 409 when the address is verified already; 404 for an unknown user.',
      params: AdminUserIdParamsSchema,
      response: { 200: MessageResponseSchema },
    },
    handler: async (request) => {
      await editor.sendVerification(source(request), request.params.id);
      return { message: 'Email sent' };
    },
  });
}
