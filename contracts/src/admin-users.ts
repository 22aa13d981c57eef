import { z } from 'zod';
import { adminListQuery, adminPage, booleanFilter, dateFilter } from './admin.ts';

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
