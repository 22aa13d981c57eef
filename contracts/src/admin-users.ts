import { z } from 'zod';
import { AccessTokenSchema, UpdateUserBodySchema } from './account.ts';
import { BootstrapDataSchema } from './bootstrap.ts';
import {
  PermissionGrantsSchema,
  adminListQuery,
  adminPage,
  booleanFilter,
  dateFilter,
  isCalendarDate,
} from './admin.ts';
import { emailField, idParam, newPasswordField } from './fields.ts';
import { RestrictionSchema } from './user.ts';

// The admin area's users screens: the list, the edit tabs, suspension and "log in as user".

export const ADMIN_USERS_SORTABLE = ['email', 'created_at', 'last_active_at', 'banned_at'] as const;

export const AdminUsersQuerySchema = adminListQuery(ADMIN_USERS_SORTABLE).extend({
  emailVerified: booleanFilter(),
  suspended: booleanFilter(),
  /** Only when billing is on; ignored otherwise. */
  subscribed: booleanFilter(),
  roleId: z.coerce.number().int().positive().optional(),
  createdFrom: dateFilter(),
  createdTo: dateFilter(),
  activeFrom: dateFilter(),
  activeTo: dateFilter(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Avatar URL, or null for the initials. */
  image: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Holds admin, directly or through a role: staff may not suspend them, only admins change them. */
  is_admin: z.boolean(),
  /** Holds a valid subscription now: active, trialing, or cancelled and still in its paid period. */
  subscribed: z.boolean(),
  email_verified_at: z.string().nullable(),
  banned_at: z.string().nullable(),
  banned_until: z.string().nullable(),
  ban_reason: z.string().nullable(),
  /** Bytes the user's files take, trash included. */
  space_used: z.number(),
  /** Bytes allowed; null is unlimited. */
  space_allowed: z.number().nullable(),
  /** The staff-set override of space_allowed; null inherits from the plan, the roles and the default. */
  available_space: z.number().nullable(),
  last_active_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const AdminUsersPageSchema = adminPage(AdminUserRowSchema);
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

/** The CSV export takes the list's filters and sort, without paging. */
export const AdminUsersExportQuerySchema = AdminUsersQuerySchema.omit({ page: true, perPage: true });
export type AdminUsersExportQuery = z.infer<typeof AdminUsersExportQuerySchema>;

/** The export's columns, in order (the header row). */
export const ADMIN_USERS_CSV_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'roles',
  'email_verified_at',
  'suspended',
  'space_used',
  'created_at',
  'last_active_at',
] as const;

// One user in the admin area: create, show, update (the edit page's tabs), resend verification.

export const AdminUserIdParamsSchema = z.object({ id: idParam() });
export type AdminUserIdParams = z.infer<typeof AdminUserIdParamsSchema>;

/** Bytes of storage staff allow a user; null inherits from the plan, the roles and the default space. */
const availableSpaceField = () =>
  z
    .number({ error: 'The allowed space must be a number of bytes.' })
    .int('The allowed space must be a whole number of bytes.')
    .min(0, 'The allowed space may not be negative.')
    .max(Number.MAX_SAFE_INTEGER, 'The allowed space is too large.')
    .nullable();

const roleIdsField = () =>
  z
    .array(z.number({ error: 'Pick roles by id.' }).int('Pick roles by id.').positive('Pick roles by id.'), {
      error: 'The roles must be a list of role ids.',
    })
    .max(50, 'At most 50 roles.');

export const CreateAdminUserBodySchema = z.object({
  email: emailField(),
  first_name: UpdateUserBodySchema.shape.first_name,
  last_name: UpdateUserBodySchema.shape.last_name,
  password: newPasswordField(),
  /** None or absent: the default role. */
  roles: roleIdsField().optional(),
  available_space: availableSpaceField().optional(),
  /** Absent: verified unless the site requires email confirmation. */
  email_verified: z.boolean({ error: 'Email verified must be true or false.' }).optional(),
});
export type CreateAdminUserBody = z.infer<typeof CreateAdminUserBodySchema>;

/** Any subset of the edit page's fields; roles and permissions, when given, replace the current ones. */
export const UpdateAdminUserBodySchema = z.object({
  first_name: UpdateUserBodySchema.shape.first_name,
  last_name: UpdateUserBodySchema.shape.last_name,
  available_space: availableSpaceField().optional(),
  email_verified: z.boolean({ error: 'Email verified must be true or false.' }).optional(),
  roles: roleIdsField().optional(),
  /** Permissions granted to the user directly, besides those of their roles. */
  permissions: PermissionGrantsSchema.optional(),
  language: UpdateUserBodySchema.shape.language,
  country_id: UpdateUserBodySchema.shape.country_id,
  timezone: UpdateUserBodySchema.shape.timezone,
});
export type UpdateAdminUserBody = z.infer<typeof UpdateAdminUserBodySchema>;

/** The edit page's user: the list row plus the fields of the other tabs. */
export const AdminUserDetailSchema = AdminUserRowSchema.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  language: z.string().nullable(),
  country_id: z.number().int().nullable(),
  timezone: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  /** Bytes allowed without the staff override (plan, roles or default), shown beside it; null is unlimited. */
  inherited_space: z.number().nullable(),
  /** Permissions granted to the user directly (those of their roles are on the roles), with restrictions. */
  permissions: z.array(z.object({ name: z.string(), restrictions: z.array(RestrictionSchema) })),
  role_ids: z.array(z.number().int()),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserResponseSchema = z.object({ user: AdminUserDetailSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

/** A bulk delete: each picked user answers for itself (not found, yourself, an admin...). */
export const DeleteAdminUsersResponseSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().optional() })),
  deleted: z.number().int(),
});
export type DeleteAdminUsersResponse = z.infer<typeof DeleteAdminUsersResponseSchema>;

/** A suspension's reason shows to staff only (spec of the ban dialog: at most 250 characters). */
export const SUSPENSION_REASON_MAX = 250;

/** POST admin/users/{id}/suspend: until a date (UTC, the suspension ends as it begins) or, with null, for good. */
export const SuspendAdminUserBodySchema = z.object({
  until: z
    .string({ error: 'The end date must look like 2026-01-31.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The end date must look like 2026-01-31.')
    .refine(isCalendarDate, 'The end date is not a real date.')
    .nullable()
    .optional(),
  reason: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .max(SUSPENSION_REASON_MAX, `The reason may not be greater than ${SUSPENSION_REASON_MAX} characters.`)
    .nullable()
    .optional(),
});
export type SuspendAdminUserBody = z.infer<typeof SuspendAdminUserBodySchema>;

// The security tab: sessions, two-factor, password reset, API tokens.

/** How many sessions a "log out everywhere" ended. */
export const EndAdminUserSessionsResponseSchema = z.object({ ended: z.number().int() });
export type EndAdminUserSessionsResponse = z.infer<typeof EndAdminUserSessionsResponseSchema>;

export const AdminUserTokensResponseSchema = z.object({ tokens: z.array(AccessTokenSchema) });
export type AdminUserTokensResponse = z.infer<typeof AdminUserTokensResponseSchema>;

export const AdminUserTokenParamsSchema = z.object({ id: idParam(), tokenId: idParam() });
export type AdminUserTokenParams = z.infer<typeof AdminUserTokenParamsSchema>;

/** "Log in as user" and back: the bootstrap data of whoever the browser is signed in as now. */
export const ImpersonationResponseSchema = z.object({ bootstrapData: BootstrapDataSchema });
export type ImpersonationResponse = z.infer<typeof ImpersonationResponseSchema>;
