/** The message a sign-up from a blocked email domain gets, by form or by social provider. */
export const BLOCKED_DOMAIN_MESSAGE = 'Sign-ups from this email domain are not allowed.';

/** Whether an address's domain, or a domain it lies under, is in the `auth.domain_blacklist` list. */
export function isBlockedDomain(email: string, blocked: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return blocked.some((b) => domain === b || domain.endsWith(`.${b}`));
}
