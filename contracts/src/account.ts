import { DATE_FORMAT_NAMES } from './constants.ts';
import { z } from 'zod';
import { UserSchema } from './user.ts';
import { idParam, requiredString } from './fields.ts';

// Account settings: profile, avatar, sessions and API tokens (part 1, 2.7, 3, 7.2).

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const; // part 1, 3 "Session"

export const UserSessionSchema = z.object({
  id: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  platform: z.string().nullable(),
  browser: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  ip_address: z.string().nullable(),
  last_active: z.string(),
  is_current_device: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;
export const ListUserSessionsResponseSchema = z.object({ sessions: z.array(UserSessionSchema) });
export type ListUserSessionsResponse = z.infer<typeof ListUserSessionsResponseSchema>;

export const AccessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;
export const CreateAccessTokenBodySchema = z.object({ tokenName: requiredString('token name', 100) });
export type CreateAccessTokenBody = z.infer<typeof CreateAccessTokenBodySchema>;
/** The plain token is in this answer only; the server keeps its hash (part 1, 2.7 "shown once"). */
export const CreateAccessTokenResponseSchema = z.object({ token: AccessTokenSchema, plainTextToken: z.string() });
export type CreateAccessTokenResponse = z.infer<typeof CreateAccessTokenResponseSchema>;
export const DeleteAccessTokenParamsSchema = z.object({ id: idParam() });
export type DeleteAccessTokenParams = z.infer<typeof DeleteAccessTokenParamsSchema>;

export const UserIdParamsSchema = z.object({ id: idParam() });
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;
export const GetUserResponseSchema = z.object({ user: UserSchema });
export type GetUserResponse = z.infer<typeof GetUserResponseSchema>;
/** DELETE users/{id} (part 1, 7.2): the web sends deleteCurrentUser; clients may send no body at all. */
export const DeleteUserBodySchema = z.object({ deleteCurrentUser: z.boolean().optional() }).nullish();
export type DeleteUserBody = z.infer<typeof DeleteUserBodySchema>;

const optionalId = (label: string) =>
  z
    .number({ error: `The ${label} must be a whole number.` })
    .int(`The ${label} must be a whole number.`)
    .positive(`The ${label} must be a whole number.`)
    .max(2 ** 31 - 1)
    .nullable()
    .optional();
const optionalName = (label: string) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(100, `The ${label} may not be greater than 100 characters.`)
    .nullable()
    .optional();

/** Account details; email is read-only in the profile (part 1, 5) and is not accepted here. */
export const UpdateUserBodySchema = z.object({
  first_name: optionalName('first name'),
  last_name: optionalName('last name'),
  country_id: optionalId('country'),
  state_id: optionalId('state'),
  language: z.string({ error: 'The language must be a string.' }).trim().max(10).nullable().optional(),
  timezone: z.string({ error: 'The timezone must be a string.' }).trim().max(64).nullable().optional(),
  date_format: z.enum(DATE_FORMAT_NAMES, { error: 'The selected date format is invalid.' }).nullable().optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** An avatar by address; files come as multipart `file`. Errors are reported on `file` (part 1, 5). */
export const UploadAvatarBodySchema = z.object({ url: z.string().max(2048).optional() });
export type UploadAvatarBody = z.infer<typeof UploadAvatarBodySchema>;
