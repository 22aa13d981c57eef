import type { FilterDef } from '../table/filters.ts';

/** What each audited action reads as; the log keeps the code (user.suspend), people read the label. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.create': 'User created',
  'user.update': 'User updated',
  'user.delete': 'User deleted',
  'user.suspend': 'User suspended',
  'user.unsuspend': 'Suspension removed',
  'user.sessions_end': 'Sessions ended',
  'user.two_factor_off': 'Two-factor turned off',
  'user.password_reset_mail': 'Password reset mail sent',
  'user.verification_mail': 'Verification mail sent',
  'user.token_revoke': 'API token revoked',
  'user.impersonate': 'Logged in as user',
  'user.impersonate_stop': 'Stopped logging in as user',
  'role.create': 'Role created',
  'role.update': 'Role updated',
  'role.delete': 'Role deleted',
  'role.users_add': 'Users added to role',
  'role.users_remove': 'Users removed from role',
  'custom_page.create': 'Page created',
  'custom_page.update': 'Page updated',
  'custom_page.delete': 'Page deleted',
  'mail_template.update': 'Mail template saved',
  'mail_template.restore': 'Mail template restored to default',
};

/** The kinds of record staff changes touch. */
export const AUDIT_TARGET_TYPES: Record<string, string> = {
  user: 'User',
  role: 'Role',
  settings: 'Settings',
  custom_page: 'Page',
  mail_template: 'Mail template',
};

/** An action's label, or its code when it is one this screen does not know yet. */
export const auditActionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;

export const AUDIT_FILTERS: FilterDef[] = [
  {
    kind: 'select',
    key: 'action',
    label: 'Action',
    options: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
  },
  {
    kind: 'select',
    key: 'targetType',
    label: 'Target type',
    options: Object.entries(AUDIT_TARGET_TYPES).map(([value, label]) => ({ value, label })),
  },
  { kind: 'dateRange', key: 'date', label: 'Date', fromKey: 'from', toKey: 'to' },
];
