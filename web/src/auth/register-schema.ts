import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { emailField, passwordPairShape, passwordsMatch, PASSWORD_MISMATCH } from '@kosh/contracts';

export type RegisterPolicy = { id: string; label: string; action: string; type: string };

/** The registration form: the contracts' fields plus one required checkbox per policy (part 1, 2.4 and 5). */
export function registerSchema(policies: RegisterPolicy[]) {
  const accepted = Object.fromEntries(
    policies.map((p) => [p.id, z.literal(true, { error: 'This field is required.' })]),
  );
  return z
    .object({ email: emailField(), ...passwordPairShape(), ...accepted })
    .refine(passwordsMatch, PASSWORD_MISMATCH);
}

/** Loaded with zod when the form is first used (RegisterPage's lazyResolver). */
export function registerResolver<T extends FieldValues>(policies: RegisterPolicy[]): Resolver<T> {
  return zodResolver(registerSchema(policies)) as unknown as Resolver<T>;
}
