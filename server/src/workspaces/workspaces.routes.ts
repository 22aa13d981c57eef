import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangeMemberRoleBodySchema,
  EmptyResponseSchema,
  InviteMembersBodySchema,
  InviteMembersResponseSchema,
  RememberWorkspaceBodySchema,
  SaveWorkspaceBodySchema,
  WorkspaceDetailsResponseSchema,
  WorkspaceIdParamsSchema,
  WorkspaceInviteOfParamsSchema,
  WorkspaceInviteParamsSchema,
  WorkspaceMemberParamsSchema,
  WorkspaceResponseSchema,
  WorkspacesResponseSchema,
} from '@kosh/contracts';
import { requireCsrfToken } from '../http/csrf.ts';
import { contextOf } from '../http/request-context.ts';
import type { WorkspacesModule } from './workspaces.module.ts';

const tags = ['workspaces'];
const roles = [
  [
    "Roles, strongest first. viewer: sees the workspace's files (list, search, recent, starred, preview) and downloads",
    'them.',
  ].join(' '),
  [
    'editor: also uploads (plain and tus), creates folders, renames, moves, copies, stars, trashes, restores and',
    'deletes for good.',
  ].join(' '),
  "admin: also invites people, cancels invites, changes members' roles and removes members.",
  'owner (the creator, one per workspace): also renames and deletes the workspace; cannot leave it.',
  [
    "A workspace's files count against its owner's space. Someone who is not a member gets 404 from every call naming",
    "the workspace (the drive's too, through workspaceId); a member below the role a call needs gets 403.",
  ].join(' '),
].join(' ');

/** Workspaces (spec part 1, 2.8, 3, 4 and 7.2): the switcher's list, management, members and invites. */
export async function workspacesRoutes(app: FastifyInstance, deps: { workspaces: WorkspacesModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const workspaces = deps.workspaces.service;

  api.get('/me/workspaces', {
    schema: {
      tags,
      summary: [
        "The caller's workspaces: the built-in default (id 0, 'Default', members_count 1) first, then the ones they",
        'belong to, oldest first, with their role.',
      ].join(' '),
      description: roles,
      response: { 200: WorkspacesResponseSchema },
    },
    handler: async (request) => ({ workspaces: await workspaces.list(request.actor) }),
  });

  api.put('/me/workspace', {
    schema: {
      tags,
      summary: [
        'Remember the workspace the caller works in (0: the default one); signing in on any device then opens it.',
        '404 for a workspace the caller is not a member of.',
      ].join(' '),
      body: RememberWorkspaceBodySchema,
    },
    handler: async (request, reply) => {
      await workspaces.rememberActive(request.actor, request.body.workspaceId);
      return reply.status(204).send();
    },
  });

  api.post('/workspace', {
    schema: {
      tags,
      summary: 'Create a workspace; the caller becomes its owner.',
      description: [
        'Permission workspaces.create; its count restriction caps how many workspaces a user may own (403 at the',
        'limit), its member_count restriction (of the owner) caps members plus pending invites.',
      ].join(' '),
      body: SaveWorkspaceBodySchema,
      response: { 201: WorkspaceResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ workspace: await workspaces.create(request.actor, request.body.name) }),
  });

  api.get('/workspace/:id', {
    schema: {
      tags,
      summary: 'A workspace with its members (the owner first) and, for admins and the owner, its pending invites.',
      description: roles,
      params: WorkspaceIdParamsSchema,
      response: { 200: WorkspaceDetailsResponseSchema },
    },
    handler: async (request) => ({ workspace: await workspaces.details(request.actor, request.params.id) }),
  });

  api.put('/workspace/:id', {
    schema: {
      tags,
      summary: 'Rename a workspace. Owner only.',
      params: WorkspaceIdParamsSchema,
      body: SaveWorkspaceBodySchema,
      response: { 200: WorkspaceResponseSchema },
    },
    handler: async (request) => ({
      workspace: await workspaces.rename(request.actor, request.params.id, request.body.name),
    }),
  });

  api.delete('/workspace/:id', {
    schema: {
      tags,
      summary: 'Delete a workspace. Owner only.',
      description: [
        "Its files and folders go to the owner's trash (in their default workspace); members and pending invites go",
        'with the workspace.',
      ].join(' '),
      params: WorkspaceIdParamsSchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await workspaces.delete(request.actor, request.params.id);
      return {};
    },
  });

  api.post('/workspace/:id/invite', {
    schema: {
      tags,
      summary: 'Invite people by email at one role (admin, editor or viewer). Admins and the owner.',
      description: [
        [
          'Someone with an account gets a workspace-invite notification (data.inviteId, Join and Decline actions) and',
          'an email; an address without an account gets an email with a register link,',
          "/workspace/join/register/{token}: the token is the mail's own (not the inviteId admins see); registering",
          'with it, or verifying the address, hands the invite over, and GET workspace/join/{token} joins.',
        ].join(' '),
        [
          'Inviting an address again renews its invite at the new role. Each address answers in results (invalid',
          'addresses, members and addresses over the member limit are refused there), alike with or without an',
          'account. Invitation mail is limited as for shares (20 new invitees a sender an hour, one mail per address',
          'and workspace a day, a site-wide hourly cap): past a limit the call answers 429 and invites nobody.',
        ].join(' '),
      ].join(' '),
      params: WorkspaceIdParamsSchema,
      body: InviteMembersBodySchema,
      response: { 200: InviteMembersResponseSchema },
    },
    handler: async (request) => workspaces.invite(request.actor, request.params.id, request.body, contextOf(request)),
  });

  api.delete('/workspace/:id/invite/:inviteId', {
    schema: {
      tags,
      summary: 'Cancel a pending invite. Admins and the owner.',
      params: WorkspaceInviteOfParamsSchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await workspaces.cancelInvite(request.actor, request.params.id, request.params.inviteId);
      return {};
    },
  });

  api.put('/workspace/:id/member/:userId', {
    schema: {
      tags,
      summary: "Change a member's role (admin, editor or viewer). Admins and the owner; the owner's role stays.",
      params: WorkspaceMemberParamsSchema,
      body: ChangeMemberRoleBodySchema,
      response: { 200: WorkspaceDetailsResponseSchema },
    },
    handler: async (request) => ({
      workspace: await workspaces.changeRole(
        request.actor,
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  });

  api.delete('/workspace/:id/member/:userId', {
    schema: {
      tags,
      summary: "Remove a member (admins and the owner), or leave (the caller's own id).",
      description: "The member's files stay in the workspace. The owner cannot be removed and cannot leave.",
      params: WorkspaceMemberParamsSchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await workspaces.removeMember(request.actor, request.params.id, request.params.userId);
      return {};
    },
  });

  api.post('/workspace/:id/leave', {
    schema: {
      tags,
      summary: 'Leave a workspace (any member but the owner).',
      params: WorkspaceIdParamsSchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await workspaces.leave(request.actor, request.params.id);
      return {};
    },
  });

  api.get('/workspace/join/:inviteId', {
    schema: {
      tags,
      summary: "Join a workspace by an invite addressed to the caller (its inviteId or its mail's token).",
      description: [
        'The invite is used up; the owner gets a workspace-joined notification. An invite that no longer exists (or is',
        "someone else's) answers 404 'This invite is no longer valid'. It changes state, so a cookie caller must send",
        'the X-XSRF-TOKEN header as on any POST (403 csrf_token_invalid without it).',
      ].join(' '),
      params: WorkspaceInviteParamsSchema,
      response: { 200: WorkspaceResponseSchema },
    },
    // A GET by the spec, yet it joins: a lured link or image must not make the invitee join.
    onRequest: requireCsrfToken,
    handler: async (request) => ({
      workspace: await workspaces.join(request.actor, request.params.inviteId, contextOf(request)),
    }),
  });

  api.delete('/workspace/invite/:inviteId', {
    schema: {
      tags,
      summary: 'Decline an invite addressed to the caller.',
      description: "An invite that no longer exists answers 404 'This invite is no longer valid'.",
      params: WorkspaceInviteParamsSchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await workspaces.decline(request.actor, request.params.inviteId);
      return {};
    },
  });
}
