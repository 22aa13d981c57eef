/** Permission names of spec part 1 section 6 and part 2 section 6. */
export const Permission = {
  admin: 'admin',
  adminAccess: 'admin.access',
  apiAccess: 'api.access',
  usersUpdate: 'users.update',
  rolesUpdate: 'roles.update',
  subscriptionsUpdate: 'subscriptions.update',
  plansUpdate: 'plans.update',
  discountUpdate: 'discount.update',
  customPagesUpdate: 'custom_pages.update',
  tagsUpdate: 'tags.update',
  localizationsUpdate: 'localizations.update',
  filesUpdate: 'files.update',
  settingsUpdate: 'settings.update',
  logsView: 'logs.view',
  appearanceUpdate: 'appearance.update',
  // drive permissions held by ordinary users (the drive issue enforces them)
  filesCreate: 'files.create',
  filesView: 'files.view',
  filesDownload: 'files.download',
  filesDelete: 'files.delete',
  linksCreate: 'links.create',
  linksView: 'links.view',
  workspacesCreate: 'workspaces.create',
  notificationsSubscribe: 'notifications.subscribe',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(Permission);

/** Named restrictions a permission may carry, with numeric quota values (spec part 1 section 6). */
export const PermissionRestrictions: Partial<Record<PermissionName, readonly string[]>> = {
  'files.create': ['max_space_bytes'],
  'workspaces.create': ['count', 'member_count'],
  'links.create': ['count'],
};

/** What each seeded role holds; admin passes every check by holding `admin`. */
export const RolePermissions = {
  admin: [Permission.admin],
  users: [
    Permission.apiAccess,
    Permission.filesCreate,
    Permission.filesView,
    Permission.filesDownload,
    Permission.filesDelete,
    Permission.linksCreate,
    Permission.linksView,
    Permission.workspacesCreate,
    Permission.notificationsSubscribe,
  ],
  guests: [Permission.linksView, Permission.apiAccess],
} as const satisfies Record<string, readonly PermissionName[]>;
