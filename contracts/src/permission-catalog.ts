import { Permission, type PermissionName } from './permissions.ts';

// What staff read about each permission in the permission selector (roles, a user's permissions,
// plans): its name for people, what it allows, its restrictions, and whether it is a staff-only
// ("advanced") permission the selector hides until asked.

/** How a restriction's number reads: a count of things, or a size in bytes. */
export type RestrictionKind = 'count' | 'bytes';

export const RESTRICTION_KINDS: Record<string, RestrictionKind> = {
  max_space_bytes: 'bytes',
  count: 'count',
  member_count: 'count',
};

export type RestrictionInfo = { name: string; label: string; description: string };

export type PermissionInfo = {
  displayName: string;
  description: string;
  /** The selector's section; the part of the name before the first dot when not given. */
  group?: string;
  /** Staff-only: the admin area's permissions, hidden in the selector until "Show advanced permissions". */
  advanced?: boolean;
  restrictions?: readonly RestrictionInfo[];
};

/**
 * Section labels of the selector, in the order it shows them; a group missing here comes last. What
 * users do comes first; every admin screen's permission sits in one Admin area section.
 */
export const PERMISSION_GROUPS: ReadonlyArray<{ name: string; label: string }> = [
  { name: 'files', label: 'Files' },
  { name: 'links', label: 'Shareable links' },
  { name: 'workspaces', label: 'Workspaces' },
  { name: 'notifications', label: 'Notifications' },
  { name: 'api', label: 'API' },
  { name: 'admin', label: 'Admin area' },
];

/**
 * Every permission's display name and description. New installs are seeded from it; existing ones
 * received the same texts through migration 0020. A permission missing here is shown by its name.
 */
export const PERMISSION_CATALOG: Partial<Record<PermissionName, PermissionInfo>> = {
  [Permission.admin]: {
    displayName: 'Super admin',
    description:
      'Passes every permission check, in the admin area and on every file. Give it only to the people who run ' +
      'the site.',
    advanced: true,
  },
  [Permission.adminAccess]: {
    displayName: 'Open the admin area',
    description: 'Shows the Admin area link and opens /admin. Each admin screen also needs its own permission below.',
    advanced: true,
  },
  [Permission.apiAccess]: {
    displayName: 'Use the API',
    description:
      'Read the API documentation and, signed in, create personal access tokens to call the API ' +
      '(tokens also need a plan of at least 1 TB).',
  },
  [Permission.usersUpdate]: {
    group: 'admin',
    displayName: 'Manage users',
    description:
      'Find, edit, suspend and delete any user, change their roles, permissions and storage, log in as them.',
    advanced: true,
  },
  [Permission.rolesUpdate]: {
    group: 'admin',
    displayName: 'Manage roles',
    description:
      'Create, edit and delete roles and what they allow, pick the default and guests roles, assign users to roles.',
    advanced: true,
  },
  [Permission.subscriptionsUpdate]: {
    group: 'admin',
    displayName: 'Manage subscriptions',
    description: "See every subscription and change, cancel or resume any user's subscription.",
    advanced: true,
  },
  [Permission.plansUpdate]: {
    group: 'admin',
    displayName: 'Manage plans',
    description: 'Create, edit, hide and delete plans and their prices on the pricing page.',
    advanced: true,
  },
  [Permission.discountUpdate]: {
    group: 'admin',
    displayName: 'Manage discounts',
    description: 'Create, edit and end discount codes.',
    advanced: true,
  },
  [Permission.customPagesUpdate]: {
    group: 'admin',
    displayName: 'Manage custom pages',
    description: 'Create, edit and delete custom pages such as the privacy policy and the terms of service.',
    advanced: true,
  },
  [Permission.tagsUpdate]: {
    group: 'admin',
    displayName: 'Manage tags',
    description: 'Create, rename and delete tags.',
    advanced: true,
  },
  [Permission.localizationsUpdate]: {
    group: 'admin',
    displayName: 'Manage translations',
    description: 'Add languages and edit the translation of every text of the site.',
    advanced: true,
  },
  [Permission.filesUpdate]: {
    group: 'admin',
    displayName: 'Manage all files',
    description: "List, open and delete any user's files from the admin area, whoever owns them.",
    advanced: true,
  },
  [Permission.settingsUpdate]: {
    group: 'admin',
    displayName: 'Manage settings',
    description: 'Change every site setting (registration, uploads, mail, sign-in and the rest) and the ad slots.',
    advanced: true,
  },
  [Permission.logsView]: {
    group: 'admin',
    displayName: 'View logs',
    description: "Read the audit log of staff changes and the server's error, schedule and outgoing mail logs.",
    advanced: true,
  },
  [Permission.appearanceUpdate]: {
    group: 'admin',
    displayName: 'Edit appearance',
    description: 'Open the appearance editor: themes, menus, the landing page, SEO and custom code.',
    advanced: true,
  },
  [Permission.filesCreate]: {
    displayName: 'Upload files',
    description: 'Upload files, create folders, and copy or move entries into their drive.',
    restrictions: [
      {
        name: 'max_space_bytes',
        label: 'Storage space',
        description: "Space their files may take, trash included. Empty: the site's default space.",
      },
    ],
  },
  [Permission.filesView]: {
    displayName: 'View files',
    description: 'Browse, open and preview their files and those shared with them; star them.',
  },
  [Permission.filesDownload]: {
    displayName: 'Download files',
    description: 'Download files, and folders or several entries as a ZIP.',
  },
  [Permission.filesDelete]: {
    displayName: 'Delete files',
    description: 'Move entries to the trash, restore them, and delete them forever.',
  },
  [Permission.linksCreate]: {
    displayName: 'Create shareable links',
    description: 'Create, change and remove shareable links to their files and folders.',
    restrictions: [
      { name: 'count', label: 'Links', description: 'How many links each user may have. Empty: no limit.' },
    ],
  },
  [Permission.linksView]: {
    displayName: 'Open shareable links',
    description: 'Open the shareable links people send. On the guests role it lets visitors open them too.',
  },
  [Permission.workspacesCreate]: {
    displayName: 'Create workspaces',
    description: 'Create team workspaces and invite members to them.',
    restrictions: [
      { name: 'count', label: 'Workspaces', description: 'How many workspaces each user may own. Empty: no limit.' },
      {
        name: 'member_count',
        label: 'Members per workspace',
        description: 'How many members each of their workspaces may have. Empty: no limit.',
      },
    ],
  },
  [Permission.notificationsSubscribe]: {
    displayName: 'Subscribe to notifications',
    description: 'Receive notifications by email and browser push, and choose which ones in notification settings.',
  },
};

/** The group a permission is listed under: the catalog's, else the part of its name before the first dot. */
export const permissionGroupOf = (name: string) =>
  PERMISSION_CATALOG[name as PermissionName]?.group ?? name.split('.')[0] ?? name;

/** Title-cased name for a permission the catalog does not describe ("custom_pages.update" -> "Custom Pages Update"). */
export const fallbackDisplayName = (name: string) =>
  name.replace(/[._]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Whether a permission is staff-only; a permission the catalog does not know counts as one, to be safe. */
export const isAdvancedPermission = (name: string) => {
  const info = PERMISSION_CATALOG[name as PermissionName];
  return info ? info.advanced === true : true;
};
