import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token for the cookie, and the id under which it is stored. */
export function newSessionToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: sessionIdOf(token) };
}

/** Sessions are stored under the token's SHA-256, so a leaked table cannot be replayed. */
export const sessionIdOf = (token: string): string => createHash('sha256').update(token).digest('hex');
