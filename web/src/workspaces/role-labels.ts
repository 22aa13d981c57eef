import type { WorkspaceRole } from '@kosh/contracts';

/** How roles read in the members dialog, and what each may do (the server enforces it). */
export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};
export const ROLE_HINTS: Record<WorkspaceRole, string> = {
  owner: 'Can also rename and delete the workspace',
  admin: 'Can also invite and manage members',
  editor: 'Can upload and change files',
  viewer: 'Can view and download files',
};

const RANK: Record<WorkspaceRole, number> = { viewer: 1, editor: 2, admin: 3, owner: 4 };
export const canManageMembers = (role: WorkspaceRole | undefined) => !!role && RANK[role] >= RANK.admin;
