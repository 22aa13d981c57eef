import type { Generated } from 'kysely';

// Timestamps are ISO-8601 UTC strings and flags are 0/1 integers on both dialects,
// so one set of queries sorts and compares the same way on SQLite and PostgreSQL.

export type UsersTable = {
  id: Generated<number>;
  email: string;
  password: string | null;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  country_id: number | null;
  state_id: number | null;
  language: string | null;
  timezone: string | null;
  email_verified_at: string | null;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
};

export type RolesTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  is_default: number;
  is_guest: number;
  created_at: string;
  updated_at: string;
};

export type PermissionsTable = {
  id: Generated<number>;
  name: string;
  display_name: string;
  group_name: string;
  description: string | null;
  /** JSON list of restriction names the permission accepts. */
  restrictions: string;
};

export type PermissionRoleTable = {
  role_id: number;
  permission_id: number;
  /** JSON list of {name, value}. */
  restrictions: string;
};

export type PermissionUserTable = {
  user_id: number;
  permission_id: number;
  restrictions: string;
};

export type UserRoleTable = {
  user_id: number;
  role_id: number;
  created_at: string;
};

export type SettingsTable = {
  key: string;
  /** JSON text. */
  value: string;
  is_private: number;
  updated_at: string;
};

export type ThemesTable = {
  id: Generated<number>;
  name: string;
  is_dark: number;
  default_light: number;
  default_dark: number;
  values: string;
  created_at: string;
  updated_at: string;
};

export type MenusTable = {
  id: Generated<number>;
  name: string;
  positions: string;
  items: string;
  created_at: string;
  updated_at: string;
};

export type CustomPagesTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  body: string;
  seo: string | null;
  created_at: string;
  updated_at: string;
};

export type LocalizationsTable = {
  id: Generated<number>;
  language: string;
  name: string;
  lines: string;
  created_at: string;
  updated_at: string;
};

export type SessionsTable = {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  ip_address: string | null;
  user_agent: string | null;
  last_active: string;
  expires_at: string;
  created_at: string;
};

export type PersonalAccessTokensTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the plain token, which is shown once and never stored. */
  token_hash: string;
  last_used_at: string | null;
  created_at: string;
};

export type DB = {
  personal_access_tokens: PersonalAccessTokensTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  permission_role: PermissionRoleTable;
  permission_user: PermissionUserTable;
  user_role: UserRoleTable;
  settings: SettingsTable;
  themes: ThemesTable;
  menus: MenusTable;
  custom_pages: CustomPagesTable;
  localizations: LocalizationsTable;
  sessions: SessionsTable;
};
