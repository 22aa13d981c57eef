import type { EntryRow } from '../../drive/file-entries.repository.ts';
import type { LinkRow } from '../../shares/links.repository.ts';
import type { UserRow } from '../../users/users.repository.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A users row with every column; `over` sets what the test cares about. */
export const userRow = (over: Partial<UserRow> & Pick<UserRow, 'id' | 'email'>): UserRow => ({
  password: null,
  first_name: null,
  last_name: null,
  image: null,
  country_id: null,
  state_id: null,
  language: null,
  timezone: null,
  date_format: null,
  email_verified_at: AT,
  two_factor_secret: null,
  two_factor_recovery_codes: null,
  two_factor_confirmed_at: null,
  two_factor_last_time_step: null,
  profile_skip_count: 0,
  last_workspace_id: null,
  banned_at: null,
  banned_until: null,
  ban_reason: null,
  available_space: null,
  last_active_at: null,
  created_at: AT,
  updated_at: AT,
  ...over,
});

/** A file_entries row (a file in the root of user 1's drive unless `over` says otherwise). */
export const entryRow = (over: Partial<EntryRow> & Pick<EntryRow, 'id'>): EntryRow => ({
  hash: `h${over.id}`,
  name: `entry-${over.id}`,
  file_name: over.is_folder ? null : `entries/key-${over.id}`,
  mime: null,
  extension: null,
  file_size: 0,
  type: over.is_folder ? 'folder' : 'file',
  is_folder: 0,
  parent_id: null,
  path: `/${over.id}/`,
  owner_id: 1,
  workspace_id: null,
  sha256: null,
  thumbnail: null,
  trash_root_id: null,
  deleted_at: null,
  created_at: AT,
  updated_at: AT,
  ...over,
});

/** A shareable_links row: on, no password, no expiry, downloads allowed, editing not. */
export const linkRow = (over: Partial<LinkRow> & Pick<LinkRow, 'id' | 'file_entry_id'>): LinkRow => ({
  hash: `link${over.id}`,
  user_id: 1,
  password: null,
  expires_at: null,
  enabled: 1,
  allow_download: 1,
  allow_edit: 0,
  restricted: 0,
  created_at: AT,
  updated_at: AT,
  ...over,
});
