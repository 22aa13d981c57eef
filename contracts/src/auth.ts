import { z } from 'zod';
import { BootstrapDataSchema } from './bootstrap.ts';
import {
  RECOVERY_CODE_LENGTH,
  SOCIAL_SERVICES,
  TWO_FACTOR_CODE_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './constants.ts';
import {
  PASSWORD_MISMATCH,
  emailField,
  exactLengthString,
  passwordPairShape,
  passwordsMatch,
  requiredSecret,
  requiredString,
} from './fields.ts';

// Sign-in, registration, passwords, two-factor and email verification (part 1, 2.3-2.5, 5, 7.2).

export const RECOVERY_CODE_COUNT = 8;
export const PASSWORD_RESET_MINUTES = 60;
export const EMAIL_CODE_MINUTES = 30;
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

const bootstrapAnswer = z.object({ bootstrapData: BootstrapDataSchema });

export const LoginUserBodySchema = z.object({
  email: emailField(),
  password: requiredSecret('password'),
  remember: z.boolean({ error: 'The remember field must be true or false.' }).default(false),
});
export type LoginUserBody = z.infer<typeof LoginUserBodySchema>;
/** Either the two-factor step is next, or the user is signed in (part 1, 4). */
export const LoginUserResponseSchema = z.union([z.object({ two_factor: z.literal(true) }), bootstrapAnswer]);
export type LoginUserResponse = z.infer<typeof LoginUserResponseSchema>;

export const ChallengeTwoFactorBodySchema = z
  .object({
    code: z.string().trim().regex(/^\d*$/, 'The code must contain only digits.').optional(),
    recovery_code: z.string().trim().optional(),
  })
  .refine((v) => Boolean(v.code || v.recovery_code), { message: 'The code field is required.', path: ['code'] })
  .refine((v) => !v.code || v.code.length === TWO_FACTOR_CODE_LENGTH, {
    message: `The code must be ${TWO_FACTOR_CODE_LENGTH} digits.`,
    path: ['code'],
  })
  .refine((v) => !v.recovery_code || v.recovery_code.length === RECOVERY_CODE_LENGTH, {
    message: `The recovery code must be ${RECOVERY_CODE_LENGTH} characters.`,
    path: ['recovery_code'],
  });
export type ChallengeTwoFactorBody = z.infer<typeof ChallengeTwoFactorBodySchema>;
export const ChallengeTwoFactorResponseSchema = bootstrapAnswer;
export type ChallengeTwoFactorResponse = z.infer<typeof ChallengeTwoFactorResponseSchema>;

/**
 * Registration (part 1, 3 "Registration payload"): one boolean per registration policy id,
 * an optional invite, and extra fields; unknown keys pass through to the policy check.
 */
export const RegisterUserBodySchema = z
  .object({
    email: emailField(),
    ...passwordPairShape(),
    first_name: z.string().trim().max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    invite_type: z.string().trim().max(50).optional(),
    invite_id: z.union([z.string().trim().max(100), z.number().int()]).optional(),
    /** A human-check token, when the client did not verify it through recaptcha/verify first. */
    recaptcha_token: z.string().max(4000).optional(),
  })
  .catchall(z.unknown())
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type RegisterUserBody = z.infer<typeof RegisterUserBodySchema>;
export const REGISTRATION_STATUSES = ['success', 'needs_email_verification'] as const;
export const RegisterUserResponseSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES),
  bootstrapData: BootstrapDataSchema,
});
export type RegisterUserResponse = z.infer<typeof RegisterUserResponseSchema>;

/** POST auth/logout: the bootstrap data of a visitor (part 1, 4). */
export const LogoutUserResponseSchema = bootstrapAnswer;
export type LogoutUserResponse = z.infer<typeof LogoutUserResponseSchema>;

export const SendPasswordResetBodySchema = z.object({ email: emailField() });
export type SendPasswordResetBody = z.infer<typeof SendPasswordResetBodySchema>;
export const ResetPasswordBodySchema = z
  .object({ token: requiredString('token', 200), email: emailField(), ...passwordPairShape() })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const UpdatePasswordBodySchema = z
  .object({ current_password: requiredSecret('current password'), ...passwordPairShape() })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export const ConfirmPasswordBodySchema = z.object({ password: requiredSecret('password') });
export type ConfirmPasswordBody = z.infer<typeof ConfirmPasswordBodySchema>;
export const GetPasswordConfirmationQuerySchema = z.object({
  seconds: z.coerce
    .number({ error: 'The seconds must be a number.' })
    .int('The seconds must be a whole number.')
    .min(0)
    .max(10_000_000)
    .optional(),
});
export type GetPasswordConfirmationQuery = z.infer<typeof GetPasswordConfirmationQuerySchema>;
export const GetPasswordConfirmationResponseSchema = z.object({ confirmed: z.boolean() });
export type GetPasswordConfirmationResponse = z.infer<typeof GetPasswordConfirmationResponseSchema>;

export const ConfirmTwoFactorBodySchema = z.object({
  code: exactLengthString('code', TWO_FACTOR_CODE_LENGTH).regex(/^\d+$/, 'The code must contain only digits.'),
});
export type ConfirmTwoFactorBody = z.infer<typeof ConfirmTwoFactorBodySchema>;
export const GetTwoFactorQrCodeResponseSchema = z.object({ svg: z.string(), secret: z.string() });
export type GetTwoFactorQrCodeResponse = z.infer<typeof GetTwoFactorQrCodeResponseSchema>;

export const VerifyEmailBodySchema = z.object({
  code: requiredString('code', VERIFICATION_CODE_LENGTH).regex(/^\d+$/, 'The code must contain only digits.'),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;
export const ResendEmailVerificationBodySchema = z.object({
  email: emailField(),
  ifNonePending: z
    .boolean()
    .optional()
    .describe(
      'Signed in: mail a code only when no unexpired one is waiting (the verification screen as it first shows).',
    ),
});
export type ResendEmailVerificationBody = z.infer<typeof ResendEmailVerificationBodySchema>;

export const LogoutOtherSessionsBodySchema = z.object({ password: requiredSecret('password') });
export type LogoutOtherSessionsBody = z.infer<typeof LogoutOtherSessionsBodySchema>;

export const SocialServiceParamsSchema = z.object({
  service: z.enum(SOCIAL_SERVICES, { error: 'This sign-in provider is not supported.' }),
});
export type SocialServiceParams = z.infer<typeof SocialServiceParamsSchema>;
export const ConnectSocialBodySchema = z.object({ password: requiredSecret('password') });
export type ConnectSocialBody = z.infer<typeof ConnectSocialBodySchema>;
export const ConnectSocialResponseSchema = bootstrapAnswer;
export type ConnectSocialResponse = z.infer<typeof ConnectSocialResponseSchema>;

export const VerifyRecaptchaBodySchema = z.object({ token: requiredString('token', 4000) });
export type VerifyRecaptchaBody = z.infer<typeof VerifyRecaptchaBodySchema>;
export const VerifyRecaptchaResponseSchema = z.object({ success: z.boolean() });
export type VerifyRecaptchaResponse = z.infer<typeof VerifyRecaptchaResponseSchema>;

/**
 * The address as the verification screen shows it (part 1, 2.5): first two characters,
 * stars, then the domain; a fixed row of stars when the address is unknown.
 */
export function maskEmail(email: string | null | undefined): string {
  const at = email ? email.lastIndexOf('@') : -1;
  if (!email || at < 1) return '********';
  const local = email.slice(0, at);
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(local.length - 2, 3))}${email.slice(at)}`;
}
