import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBulkIdsSchema,
  AdminUserIdParamsSchema,
  AdminUserResponseSchema,
  CreateAdminUserBodySchema,
  DeleteAdminUsersResponseSchema,
  MessageResponseSchema,
  UpdateAdminUserBodySchema,
} from '@kosh/contracts';
import { perAccount, rateLimited } from '../../http/rate-limits.ts';
import { readAvatarInput } from '../../users/avatar.routes.ts';
import type { AdminUsersModule } from './admin-users.module.ts';

const tags = ['admin'];
const DELETE_EFFECTS = [
  'The user’s sessions and API tokens end; their shareable links, shares both ways, the workspaces they own',
  '(with members and invitations), stars and notifications go with them. Their files, trash included, are',
  'removed and the stored bytes deleted in the background after the answer. Entries the user put in someone',
  'else’s shared folder or workspace stay: they belong to that drive’s owner. Refused for your own account',
  '(403), for an admin unless you are one (403), and when no account would hold admin any more (409).',
  'Their subscriptions not yet ended are cancelled at Stripe at once first; while Stripe cannot be reached the',
  'deletion is refused with 502 and nothing is removed. Audit-logged (user.delete).',
].join(' ');

/** One user in the admin area: create, show, update, resend verification, delete (admin area, users). */
export async function adminUserEditRoutes(app: FastifyInstance, deps: { adminUsers: AdminUsersModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { editor, deletion, avatar } = deps.adminUsers;
  const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

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

  api.delete('/admin/users/:id', {
    schema: {
      tags,
      summary: 'Delete a user with everything they own.',
      description: `Permission users.update. 404 for an unknown user. ${DELETE_EFFECTS}`,
      params: AdminUserIdParamsSchema,
    },
    handler: async (request, reply) => {
      await deletion.deleteOne(source(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.post('/admin/users/delete', {
    schema: {
      tags,
      summary: 'Delete the users picked in the table, each answering for itself.',
      description: `Permission users.update. At most 100 ids; each result says ok or why not. ${DELETE_EFFECTS}`,
      body: AdminBulkIdsSchema,
      response: { 200: DeleteAdminUsersResponseSchema },
    },
    handler: async (request) => deletion.deleteMany(source(request), request.body.ids),
  });

  api.post('/admin/users/:id/avatar', {
    preHandler: rateLimited(app, [perAccount('avatar', 20, (r) => r.actor.user?.id)]),
    schema: {
      tags,
      summary: 'Set a user’s profile image: multipart `file` (an image, at most 2 MB) or `url`, as on the account.',
      description: [
        'Permission users.update; an admin’s image is for admins to change (403). Re-encoded as WebP; 422 on',
        '`file` for anything that is not an image or is larger than 2 MB. Audit-logged (user.update, image).',
      ].join(' '),
      params: AdminUserIdParamsSchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({
      user: await avatar.set(source(request), request.params.id, await readAvatarInput(request)),
    }),
  });

  api.delete('/admin/users/:id/avatar', {
    schema: {
      tags,
      summary: 'Remove a user’s profile image (their initials show instead).',
      description: 'Permission users.update; an admin’s image is for admins to change (403). Audit-logged.',
      params: AdminUserIdParamsSchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({ user: await avatar.remove(source(request), request.params.id) }),
  });
}
