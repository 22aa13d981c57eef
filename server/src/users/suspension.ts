import { forbidden, unauthenticated } from '../http/app-error.ts';

/** The suspension columns of a users row. */
export type SuspensionColumns = { banned_at: string | null; banned_until: string | null };

/** Suspended now: banned, and the end date (if any) not reached. An expired suspension acts as none. */
export function isSuspended(row: SuspensionColumns, at: Date): boolean {
  if (!row.banned_at) return false;
  return row.banned_until === null || Date.parse(row.banned_until) > at.getTime();
}

const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** What a suspended user is told when signing in or calling with a token. */
export function suspensionMessage(row: SuspensionColumns): string {
  if (!row.banned_until) return 'Your account has been suspended.';
  return `Your account has been suspended until ${longDate.format(new Date(row.banned_until))}.`;
}

/** 403 for a sign-in attempt (the credentials were right: saying so is no leak). */
export const suspendedSignIn = (row: SuspensionColumns) => forbidden(suspensionMessage(row), 'account_suspended');

/** 401 for an API token of a suspended user: the token is worth nothing while the suspension lasts. */
export const suspendedToken = (row: SuspensionColumns) => unauthenticated(suspensionMessage(row));
