import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminRoleIdParamsSchema,
  AdminRoleResponseSchema,
  ListAdminPermissionsResponseSchema,
  ListAdminRolesQuerySchema,
  ListAdminRolesResponseSchema,
  SaveAdminRoleBodySchema,
} from '@kosh/contracts';
import type { AdminRolesModule } from './roles.module.ts';

const tags = ['admin'];
const saveRules = [
  'Permission roles.update. The permissions listed replace all the role had, each with its restriction values',
  '(null: unlimited; max_space_bytes left out: the site default space). Refused with 422 and an errors map: a name',
  'another role has in any case (code name_taken when alone), a changed name of a system role, an unknown',
  'permission or restriction (permissions.N.name, permissions.N.restrictions.M.name), a staff (advanced) permission',
  'on the default or guests role, both flags on one role, taking the default or guests flag off the role that has it',
  '(give it to another role instead), making a role with users the guests role. Setting default or guests moves the',
  'flag from the role that had it in the same transaction: there is always exactly one of each. Changes apply to',
  "each user's next request; the guests role is cached up to 5 s by other server processes. Audited (role.create,",
  'role.update with the changed fields before and after, permissions included).',
].join(' ');

/** Roles of the admin area (spec part 2, 2 "Admin area": roles) and the permission catalog. */
export async function adminRolesRoutes(app: FastifyInstance, deps: { roles: AdminRolesModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { roles } = deps.roles;

  api.get('/admin/permissions', {
    schema: {
      tags,
      summary: 'Every permission, grouped, with what it allows and the restrictions it accepts.',
      description: [
        'For the permission selectors: roles.update, users.update or plans.update. Groups come in the order the',
        'selector shows them; advanced marks staff-only permissions (Super admin, the admin area and its screens).',
        'Each restriction has a kind: count (a number of things) or bytes (max_space_bytes).',
      ].join(' '),
      response: { 200: ListAdminPermissionsResponseSchema },
    },
    handler: async (request) => roles.listPermissions(request.actor),
  });

  api.get('/admin/roles', {
    schema: {
      tags,
      summary: 'A page of roles with how many users each has.',
      description: [
        'Permission roles.update. Search by name (any case, anywhere in it); filter default=true|false and',
        'guests=true|false; sort by name (the default, A to Z), created_at or updated_at (newest first unless',
        'orderDir says otherwise). users_count is null for the guests role, which applies to visitors.',
      ].join(' '),
      querystring: ListAdminRolesQuerySchema,
      response: { 200: ListAdminRolesResponseSchema },
    },
    handler: async (request) => roles.list(request.actor, request.query),
  });

  api.get('/admin/roles/:roleId', {
    schema: {
      tags,
      summary: 'A role with its permissions and their restriction values.',
      description: 'Permission roles.update. 404 for an unknown role.',
      params: AdminRoleIdParamsSchema,
      response: { 200: AdminRoleResponseSchema },
    },
    handler: async (request) => ({ role: await roles.get(request.actor, request.params.roleId) }),
  });

  api.post('/admin/roles', {
    schema: {
      tags,
      summary: 'Create a role.',
      description: saveRules,
      body: SaveAdminRoleBodySchema,
      response: { 201: AdminRoleResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ role: await roles.create({ actor: request.actor, ip: request.ip }, request.body) }),
  });

  api.put('/admin/roles/:roleId', {
    schema: {
      tags,
      summary: 'Replace a role: name, description, default and guests flags, permissions.',
      description: [
        saveRules,
        '404 for an unknown role. Taking Super admin from a role is refused (422, permissions) when no other user',
        'would hold it. A save that changes nothing writes nothing.',
      ].join(' '),
      params: AdminRoleIdParamsSchema,
      body: SaveAdminRoleBodySchema,
      response: { 200: AdminRoleResponseSchema },
    },
    handler: async (request) => ({
      role: await roles.update({ actor: request.actor, ip: request.ip }, request.params.roleId, request.body),
    }),
  });

  api.delete('/admin/roles/:roleId', {
    schema: {
      tags,
      summary: 'Delete a role; its users lose it.',
      description: [
        'Permission roles.update. 404 for an unknown role; 409 for a system role (admin, users, guests), for the',
        'default or guests role, and when no one would be left holding Super admin. Audited (role.delete).',
      ].join(' '),
      params: AdminRoleIdParamsSchema,
    },
    handler: async (request, reply) => {
      await roles.delete({ actor: request.actor, ip: request.ip }, request.params.roleId);
      return reply.status(204).send();
    },
  });
}
