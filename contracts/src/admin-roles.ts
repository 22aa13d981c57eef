import { z } from 'zod';
import { AdminBulkIdsSchema, adminListQuery, adminPage, booleanFilter, PermissionGrantsSchema } from './admin.ts';

// The admin area's roles screens (spec part 2, 2 "Admin area": roles, roles/new, roles/{roleId}/edit)
// and the permission catalog every permission selector reads.

export const ROLE_LIMITS = { nameMin: 2, nameMax: 100, descriptionMax: 500 } as const;

// The permission catalog.

export const AdminPermissionRestrictionSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  /** count: a number of things; bytes: a size (max_space_bytes). */
  kind: z.enum(['count', 'bytes']),
});
export type AdminPermissionRestriction = z.infer<typeof AdminPermissionRestrictionSchema>;

export const AdminPermissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
  group_name: z.string(),
  /** Staff-only permissions, which the selector hides until "Show advanced permissions". */
  advanced: z.boolean(),
  restrictions: z.array(AdminPermissionRestrictionSchema),
});
export type AdminPermission = z.infer<typeof AdminPermissionSchema>;

export const AdminPermissionGroupSchema = z.object({
  name: z.string(),
  label: z.string(),
  permissions: z.array(AdminPermissionSchema),
});
export type AdminPermissionGroup = z.infer<typeof AdminPermissionGroupSchema>;

export const ListAdminPermissionsResponseSchema = z.object({ groups: z.array(AdminPermissionGroupSchema) });
export type ListAdminPermissionsResponse = z.infer<typeof ListAdminPermissionsResponseSchema>;

// Roles.

export const ADMIN_ROLES_SORTABLE = ['name', 'created_at', 'updated_at'] as const;

export const ListAdminRolesQuerySchema = adminListQuery(ADMIN_ROLES_SORTABLE).extend({
  /** Only the default role (true) or every other (false). */
  default: booleanFilter(),
  /** Only the guests role (true) or every other (false). */
  guests: booleanFilter(),
});
export type ListAdminRolesQuery = z.infer<typeof ListAdminRolesQuerySchema>;

export const AdminRoleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Assigned to every new user. */
  is_default: z.boolean(),
  /** Applies to visitors who are not logged in; it has no users. */
  is_guest: z.boolean(),
  /** Seeded with the site (admin, users, guests): its name stays and it cannot be deleted. */
  is_system: z.boolean(),
  /** Users assigned to the role; null for the guests role. */
  users_count: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminRoleRow = z.infer<typeof AdminRoleRowSchema>;

export const ListAdminRolesResponseSchema = adminPage(AdminRoleRowSchema);
export type ListAdminRolesResponse = z.infer<typeof ListAdminRolesResponseSchema>;

/** A granted permission as stored: its restriction values (null: unlimited). */
export const RoleGrantSchema = z.object({
  name: z.string(),
  restrictions: z.array(z.object({ name: z.string(), value: z.number().nullable() })),
});
export type RoleGrant = z.infer<typeof RoleGrantSchema>;

export const AdminRoleSchema = AdminRoleRowSchema.extend({ permissions: z.array(RoleGrantSchema) });
export type AdminRole = z.infer<typeof AdminRoleSchema>;

export const AdminRoleResponseSchema = z.object({ role: AdminRoleSchema });
export type AdminRoleResponse = z.infer<typeof AdminRoleResponseSchema>;

export const AdminRoleIdParamsSchema = z.object({ roleId: z.coerce.number().int().positive() });

export const SaveAdminRoleBodySchema = z.object({
  name: z
    .string({ error: 'Enter a name.' })
    .trim()
    .min(ROLE_LIMITS.nameMin, `The name must be at least ${ROLE_LIMITS.nameMin} characters.`)
    .max(ROLE_LIMITS.nameMax, `The name may not be greater than ${ROLE_LIMITS.nameMax} characters.`),
  description: z
    .string()
    .trim()
    .max(
      ROLE_LIMITS.descriptionMax,
      `The description may not be greater than ${ROLE_LIMITS.descriptionMax} characters.`,
    )
    .nullish()
    .transform((v) => v || null),
  /** Make this the role every new user gets (the flag moves from the role that had it). */
  default: z.boolean().default(false),
  /** Make this the role of visitors who are not logged in (the flag moves from the role that had it). */
  guests: z.boolean().default(false),
  /** Every permission of the role; what is not listed is taken away. */
  permissions: PermissionGrantsSchema.default([]),
});
export type SaveAdminRoleBody = z.input<typeof SaveAdminRoleBodySchema>;
export type SaveAdminRole = z.output<typeof SaveAdminRoleBodySchema>;

// A role's users.

export const ADMIN_ROLE_USERS_SORTABLE = ['assigned_at', 'email'] as const;

export const ListAdminRoleUsersQuerySchema = adminListQuery(ADMIN_ROLE_USERS_SORTABLE);
export type ListAdminRoleUsersQuery = z.infer<typeof ListAdminRoleUsersQuerySchema>;

export const AdminRoleUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Avatar URL, or null for the initials. */
  image: z.string().nullable(),
  assigned_at: z.string(),
});
export type AdminRoleUserRow = z.infer<typeof AdminRoleUserRowSchema>;

export const ListAdminRoleUsersResponseSchema = adminPage(AdminRoleUserRowSchema);
export type ListAdminRoleUsersResponse = z.infer<typeof ListAdminRoleUsersResponseSchema>;

/** Users to add to, or take out of, a role: at most one table page of ids. */
export const ChangeAdminRoleUsersBodySchema = AdminBulkIdsSchema;
export type ChangeAdminRoleUsersBody = z.infer<typeof ChangeAdminRoleUsersBodySchema>;

export const ROLE_USER_RESULTS = ['added', 'removed', 'already_in_role', 'not_in_role', 'not_found'] as const;

/** What happened to each id asked for, in the order asked, and the role's user count after. */
export const ChangeAdminRoleUsersResponseSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), status: z.enum(ROLE_USER_RESULTS) })),
  users_count: z.number().int(),
});
export type ChangeAdminRoleUsersResponse = z.infer<typeof ChangeAdminRoleUsersResponseSchema>;

/** Users who could be assigned: those not in the role whose name or email holds the search. */
export const ListAdminRoleCandidatesQuerySchema = z.object({
  query: z.string().trim().max(100, 'The search may not be greater than 100 characters.').optional(),
});
export type ListAdminRoleCandidatesQuery = z.infer<typeof ListAdminRoleCandidatesQuerySchema>;

export const ROLE_CANDIDATES_LIMIT = 20;

export const ListAdminRoleCandidatesResponseSchema = z.object({
  users: z.array(AdminRoleUserRowSchema.omit({ assigned_at: true })),
});
export type ListAdminRoleCandidatesResponse = z.infer<typeof ListAdminRoleCandidatesResponseSchema>;
