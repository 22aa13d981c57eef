import { z } from 'zod';

// Workspaces: team spaces with members and roles, invitations by email (spec part 1,
// 2.8, 3 "Workspace", 4, 7.2 and 8). Workspace 0 is the built-in default: the caller's own drive.

/** Roles, strongest first: what each may do is stated in the OpenAPI document. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** Roles an invite or a role change may give (there is one owner). */
export const MEMBER_ROLES = ['admin', 'editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const WORKSPACE_NAME_MAX = 100;
/** Addresses one invite call may carry. */
export const WORKSPACE_INVITE_MAX_EMAILS = 20;
/** The invite_type of a registration that follows a workspace invite (part 1, 3 "Registration payload"). */
export const WORKSPACE_INVITE_TYPE = 'workspace';

export const WORKSPACE_MESSAGES = {
  staleInvite: 'This invite is no longer valid',
  joined: 'Joined workspace',
  declined: 'Declined workspace invitation',
} as const;

export const WorkspaceSchema = z
  .object({
    id: z.number().int().describe("0 is the built-in default workspace (the caller's own drive)."),
    name: z.string(),
    members_count: z.number().int(),
    owner_id: z.number().int().optional().describe('Absent on the default workspace.'),
    role: z.enum(WORKSPACE_ROLES).optional().describe("The caller's role (absent on the default workspace)."),
  })
  .describe('A workspace (spec part 1, 3).');
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const WorkspaceMemberSchema = z.object({
  id: z.number().int().describe("The member's user id."),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joined_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const WorkspaceInviteSchema = z.object({
  id: z.string().describe('The inviteId of the invite notification and the register link.'),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  created_at: z.string(),
});
export type WorkspaceInvite = z.infer<typeof WorkspaceInviteSchema>;

export const WorkspaceDetailsSchema = WorkspaceSchema.extend({
  members: z.array(WorkspaceMemberSchema).describe('The owner first, then by join date.'),
  invites: z
    .array(WorkspaceInviteSchema)
    .describe('Pending invites, newest first (admins and the owner only; empty for others).'),
});
export type WorkspaceDetails = z.infer<typeof WorkspaceDetailsSchema>;

export const WorkspacesResponseSchema = z.object({ workspaces: z.array(WorkspaceSchema) });
export type WorkspacesResponse = z.infer<typeof WorkspacesResponseSchema>;
export const WorkspaceResponseSchema = z.object({ workspace: WorkspaceSchema });
export type WorkspaceResponse = z.infer<typeof WorkspaceResponseSchema>;
export const WorkspaceDetailsResponseSchema = z.object({ workspace: WorkspaceDetailsSchema });
export type WorkspaceDetailsResponse = z.infer<typeof WorkspaceDetailsResponseSchema>;

const name = z.string().trim().min(1, 'The name is required.').max(WORKSPACE_NAME_MAX);
export const SaveWorkspaceBodySchema = z.object({ name, workspaceId: z.number().int().min(0).optional() });
export type SaveWorkspaceBody = z.infer<typeof SaveWorkspaceBodySchema>;

export const WorkspaceIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type WorkspaceIdParams = z.infer<typeof WorkspaceIdParamsSchema>;
export const WorkspaceMemberParamsSchema = WorkspaceIdParamsSchema.extend({
  userId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type WorkspaceMemberParams = z.infer<typeof WorkspaceMemberParamsSchema>;
export const WorkspaceInviteParamsSchema = z.object({ inviteId: z.string().min(1).max(100) });
export type WorkspaceInviteParams = z.infer<typeof WorkspaceInviteParamsSchema>;
export const WorkspaceInviteOfParamsSchema = WorkspaceIdParamsSchema.extend({ inviteId: z.string().min(1).max(100) });
export type WorkspaceInviteOfParams = z.infer<typeof WorkspaceInviteOfParamsSchema>;

export const InviteMembersBodySchema = z.object({
  emails: z.array(z.string().trim().max(255)).min(1, 'Enter at least one email.').max(WORKSPACE_INVITE_MAX_EMAILS),
  role: z.enum(MEMBER_ROLES),
  workspaceId: z.number().int().min(0).optional(),
});
export type InviteMembersBody = z.infer<typeof InviteMembersBodySchema>;

export const InviteMembersResponseSchema = z.object({
  results: z.array(
    z.object({
      email: z.string(),
      ok: z.boolean(),
      invited: z
        .boolean()
        .describe('true for every address invited: the answer does not tell whether it has an account.'),
      message: z.string().optional(),
    }),
  ),
  workspace: WorkspaceDetailsSchema,
});
export type InviteMembersResponse = z.infer<typeof InviteMembersResponseSchema>;

export const ChangeMemberRoleBodySchema = z.object({
  role: z.enum(MEMBER_ROLES),
  workspaceId: z.number().int().min(0).optional(),
});
export type ChangeMemberRoleBody = z.infer<typeof ChangeMemberRoleBodySchema>;

/** The workspace the caller works in now; 0 is the default (personal) one. */
export const RememberWorkspaceBodySchema = z.object({
  workspaceId: z
    .number({ error: 'The workspace id must be a whole number.' })
    .int('The workspace id must be a whole number.')
    .min(0, 'The workspace id must be a whole number.')
    .max(2_147_483_647, 'The workspace id must be a whole number.'),
});
export type RememberWorkspaceBody = z.infer<typeof RememberWorkspaceBodySchema>;
