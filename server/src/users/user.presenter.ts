import type { User } from '@kosh/contracts';
import type { GrantedPermission } from '../auth/actor.ts';
import type { UserRow } from './users.repository.ts';

/** Parts of the user that come from other tables; the owner-only ones are set by AccountPresenter. */
export type UserExtras = Partial<
  Pick<User, 'social_profiles' | 'subscriptions' | 'tokens' | 'two_factor_recovery_codes'>
>;

/** The name shown for a user: first and last name, else the part of the email before the @. */
export const nameOf = (row: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email.split('@')[0];

/** Who is behind a "log in as user" session, as the user record carries it. */
export const presentImpersonator = (row: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>) => ({
  id: row.id,
  email: row.email,
  name: nameOf(row),
});

/** The user as the client reads it (spec part 1 section 3). Secrets are dropped here, once. */
export function presentUser(
  row: UserRow,
  roles: Array<{ id: number; name: string }>,
  permissions: GrantedPermission[],
  extras: UserExtras = {},
): User {
  const name = nameOf(row);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name,
    email: row.email,
    email_verified_at: row.email_verified_at,
    image: row.image,
    country_id: row.country_id,
    state_id: row.state_id,
    language: row.language,
    timezone: row.timezone,
    date_format: row.date_format,
    roles,
    permissions,
    subscriptions: extras.subscriptions ?? [],
    social_profiles: extras.social_profiles ?? [],
    two_factor_confirmed_at: row.two_factor_confirmed_at,
    ...(extras.two_factor_recovery_codes ? { two_factor_recovery_codes: extras.two_factor_recovery_codes } : {}),
    ...(extras.tokens ? { tokens: extras.tokens } : {}),
    unread_notifications_count: 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
