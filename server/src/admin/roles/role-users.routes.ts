import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminRoleIdParamsSchema,
  ChangeAdminRoleUsersBodySchema,
  ChangeAdminRoleUsersResponseSchema,
  ListAdminRoleCandidatesQuerySchema,
  ListAdminRoleCandidatesResponseSchema,
  ListAdminRoleUsersQuerySchema,
  ListAdminRoleUsersResponseSchema,
} from '@kosh/contracts';
import type { AdminRolesModule } from './roles.module.ts';

const tags = ['admin'];
const guests = '404 for an unknown role; 409 for the guests role, which applies to visitors and has no users.';

/** The users of a role (admin area, roles/{roleId}/edit, tab Users). */
export async function adminRoleUsersRoutes(app: FastifyInstance, deps: { roles: AdminRolesModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { users } = deps.roles;

  api.get('/admin/roles/:roleId/users', {
    schema: {
      tags,
      summary: "A page of the role's users with when each was assigned.",
      description: [
        'Permission roles.update. Newest assignment first (orderBy assigned_at, the default) or by email; the search',
        `matches the email or the name anywhere, in any case. ${guests}`,
      ].join(' '),
      params: AdminRoleIdParamsSchema,
      querystring: ListAdminRoleUsersQuerySchema,
      response: { 200: ListAdminRoleUsersResponseSchema },
    },
    handler: async (request) => users.list(request.actor, request.params.roleId, request.query),
  });

  api.get('/admin/roles/:roleId/candidates', {
    schema: {
      tags,
      summary: 'Up to 20 users not in the role whose email or name holds the search, by email.',
      description: `Permission roles.update. For the "Assign users" dialog. ${guests}`,
      params: AdminRoleIdParamsSchema,
      querystring: ListAdminRoleCandidatesQuerySchema,
      response: { 200: ListAdminRoleCandidatesResponseSchema },
    },
    handler: async (request) => users.candidates(request.actor, request.params.roleId, request.query),
  });

  api.post('/admin/roles/:roleId/users', {
    schema: {
      tags,
      summary: 'Assign users to the role.',
      description: [
        'Permission roles.update. At most 100 ids; each answers added, already_in_role or not_found, and the',
        `role's user count after. Their next request has the role's permissions. Audited (role.users_add). ${guests}`,
      ].join(' '),
      params: AdminRoleIdParamsSchema,
      body: ChangeAdminRoleUsersBodySchema,
      response: { 200: ChangeAdminRoleUsersResponseSchema },
    },
    handler: async (request) =>
      users.add({ actor: request.actor, ip: request.ip }, request.params.roleId, request.body.ids),
  });

  api.post('/admin/roles/:roleId/users/remove', {
    schema: {
      tags,
      summary: 'Take users out of the role.',
      description: [
        'Permission roles.update. At most 100 ids; each answers removed, not_in_role or not_found. 409, removing',
        'no one, when it would leave no user holding Super admin. Audited (role.users_remove).',
        guests,
      ].join(' '),
      params: AdminRoleIdParamsSchema,
      body: ChangeAdminRoleUsersBodySchema,
      response: { 200: ChangeAdminRoleUsersResponseSchema },
    },
    handler: async (request) =>
      users.remove({ actor: request.actor, ip: request.ip }, request.params.roleId, request.body.ids),
  });
}
