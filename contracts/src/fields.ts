import { z } from 'zod';

// Field builders with the validation wording the client shows under a field (part 1, 5 and 8).

const requiredError = (label: string, kind: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `The ${label} field is required.`
      : `The ${label} must be ${kind}.`,
});

/** A required, trimmed string of at most `max` characters. */
export const requiredString = (label: string, max = 255) =>
  z
    .string(requiredError(label, 'a string'))
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** A required string taken as typed (passwords: spaces count). */
export const requiredSecret = (label: string, max = 255) =>
  z
    .string(requiredError(label, 'a string'))
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** A required address, trimmed and lower-cased (addresses are stored lower-cased). */
export const emailField = () =>
  requiredString('email')
    .toLowerCase()
    .pipe(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'The email must be a valid email address.'));

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 255;

/** A new password: long enough, and bounded so hashing cannot be abused. */
export const newPasswordField = () =>
  requiredSecret('password', MAX_PASSWORD_LENGTH).min(
    MIN_PASSWORD_LENGTH,
    `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  );

/** A string of exactly `length` characters, e.g. a one-time code. */
export const exactLengthString = (label: string, length: number) =>
  z
    .string(requiredError(label, 'a string'))
    .trim()
    .min(1, `The ${label} field is required.`)
    .length(length, `The ${label} must be ${length} characters.`);

/** A positive id from a path segment. */
export const idParam = () =>
  z.coerce
    .number({ error: 'The id must be a whole number.' })
    .int('The id must be a whole number.')
    .positive('The id must be a whole number.')
    .max(2 ** 31 - 1, 'The id must be a whole number.');

/** Body fields of the password-and-confirmation pair; the pair is checked by `withPasswordConfirmation`. */
export const passwordPairShape = () => ({
  password: newPasswordField(),
  password_confirmation: requiredSecret('password confirmation', MAX_PASSWORD_LENGTH),
});

/** The confirmation must repeat the password; the message sits on password_confirmation. */
export const passwordsMatch = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;
export const PASSWORD_MISMATCH = {
  message: 'The password confirmation does not match.',
  path: ['password_confirmation'],
};
