import { z } from 'zod';

export const RestrictionSchema = z.object({ name: z.string(), value: z.number().nullable() });
export type Restriction = z.infer<typeof RestrictionSchema>;
export const UserPermissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  restrictions: z.array(RestrictionSchema),
});
export type UserPermission = z.infer<typeof UserPermissionSchema>;
export const RoleSchema = z.object({ id: z.number().int(), name: z.string() });
export type Role = z.infer<typeof RoleSchema>;

export const SubscriptionSummarySchema = z.object({
  id: z.number().int(),
  valid: z.boolean(),
  active: z.boolean(),
  product: z.unknown().optional(),
  price: z.unknown().optional(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

/** The user as the client reads it (part 1, 3); secrets are never part of it. */
export const UserSchema = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  image: z.string().nullable(),
  country_id: z.number().int().nullable(),
  state_id: z.number().int().nullable(),
  language: z.string().nullable(),
  timezone: z.string().nullable(),
  /** One of DATE_FORMAT_NAMES; null follows the site's dates.format. */
  date_format: z.string().nullable(),
  roles: z.array(RoleSchema),
  permissions: z.array(UserPermissionSchema),
  subscriptions: z.array(SubscriptionSummarySchema),
  social_profiles: z.array(z.object({ service_name: z.string(), username: z.string().nullable() })),
  two_factor_confirmed_at: z.string().nullable(),
  /**
   * Only on the user's own record, while two-factor is pending confirmation or within the
   * session's password confirmation; otherwise absent (part 1, 4 "Two-factor section").
   */
  two_factor_recovery_codes: z.array(z.string()).nullable().optional(),
  /** The user's own API tokens (never their secrets); absent for other viewers. */
  tokens: z
    .array(
      z.object({ id: z.number().int(), name: z.string(), last_used_at: z.string().nullable(), created_at: z.string() }),
    )
    .optional(),
  unread_notifications_count: z.number().int(),
  /**
   * The staff member acting as this user through "log in as user" (the app shows a banner with a
   * way back); absent or null otherwise.
   */
  impersonator: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;
