import { z } from 'zod';

/**
 * What every admin list accepts (the admin area's data tables): a page, a page size, a search
 * text and a sort. Each list adds its own filters and names the columns it sorts by; an unknown
 * column answers 422 from the list's own schema.
 */
export const ADMIN_PER_PAGE = { default: 15, max: 100 } as const;

export const adminListQuery = <Sort extends readonly [string, ...string[]]>(sortable: Sort) =>
  z.object({
    page: z.coerce
      .number({ error: 'The page must be a whole number.' })
      .int('The page must be a whole number.')
      .min(1, 'The page must be at least 1.')
      .max(1_000_000, 'The page may not be greater than 1000000.')
      .default(1),
    perPage: z.coerce
      .number({ error: 'The page size must be a whole number.' })
      .int('The page size must be a whole number.')
      .min(1, 'The page size must be at least 1.')
      .max(ADMIN_PER_PAGE.max, `The page size may not be greater than ${ADMIN_PER_PAGE.max}.`)
      .default(ADMIN_PER_PAGE.default),
    query: z.string().trim().max(100, 'The search may not be greater than 100 characters.').optional(),
    orderBy: z.enum(sortable, { error: `Sort by one of: ${sortable.join(', ')}.` }).optional(),
    orderDir: z.enum(['asc', 'desc'], { error: 'The sort direction must be asc or desc.' }).optional(),
  });

/** A filter on a yes/no column: the query string carries 'true' or 'false'. */
export const booleanFilter = () =>
  z
    .enum(['true', 'false'], { error: 'The filter must be true or false.' })
    .transform((v) => v === 'true')
    .optional();

/** Whether a YYYY-MM-DD string names a day of the calendar (Date.parse rolls 2026-02-31 over to March). */
export const isCalendarDate = (s: string) => {
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
};

/** One end of a date range filter, a calendar date (YYYY-MM-DD) read in UTC. */
export const dateFilter = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must look like 2026-01-31.')
    .refine(isCalendarDate, 'The date is not a real date.')
    .optional();

/** A page of an admin list: the drive's {data, current_page, last_page} shape with size and total. */
export const adminPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    pagination: z.object({
      data: z.array(item),
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      /** The total is the database's estimate: an unfiltered list of very many rows on PostgreSQL. */
      total_estimated: z.boolean().optional(),
    }),
  });

/** Ids picked in a table for a bulk action; a table acts on what one page shows. */
export const AdminBulkIdsSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'Pick at least one row.' })
    .min(1, 'Pick at least one row.')
    .max(ADMIN_PER_PAGE.max, `Pick at most ${ADMIN_PER_PAGE.max} rows at a time.`),
});
export type AdminBulkIds = z.infer<typeof AdminBulkIdsSchema>;

// The admin audit log: who changed what and when, with the values before and after.

export const AUDIT_SORTABLE = ['created_at'] as const;
export const AuditLogQuerySchema = adminListQuery(AUDIT_SORTABLE).extend({
  actorId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(60).optional(),
  from: dateFilter(),
  to: dateFilter(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** The staff member acting through "log in as user", when it was one. */
  impersonator: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogPageSchema = adminPage(AuditEntrySchema);
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

// Permissions granted to a role or straight to a user, each with its restriction values.

export const PermissionGrantSchema = z.object({
  name: z.string().trim().min(1, 'Pick a permission.').max(60),
  restrictions: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(60),
        /** A count or a size in bytes; null or absent is unlimited. */
        value: z
          .number({ error: 'The value must be a whole number.' })
          .int('The value must be a whole number.')
          .min(0, 'The value must be at least 0.')
          .max(Number.MAX_SAFE_INTEGER)
          .nullable()
          .default(null),
      }),
    )
    .max(10)
    .default([]),
});
export type PermissionGrant = z.infer<typeof PermissionGrantSchema>;

export const PermissionGrantsSchema = z.array(PermissionGrantSchema).max(100, 'At most 100 permissions.');
