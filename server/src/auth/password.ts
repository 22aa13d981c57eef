import argon2 from 'argon2';

/** argon2id with the library's recommended cost. */
export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, { type: argon2.argon2id });

export const verifyPassword = async (hash: string | null, plain: string): Promise<boolean> => {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
};
