import { z } from 'zod';
import { adminListQuery, adminPage } from './admin.ts';

// The admin area's user space screen: users ranked by the space their files take.

export const USER_SPACE_SORTABLE = ['used', 'percent', 'files', 'last_upload_at'] as const;

export const UserSpaceQuerySchema = adminListQuery(USER_SPACE_SORTABLE).extend({
  /** Only users at or above this share of their allowance. */
  over: z.enum(['80', '90', '100'], { error: 'Over must be 80, 90 or 100.' }).transform(Number).optional(),
  /** Only users on this plan (its product id). */
  planId: z.coerce.number().int().positive().optional(),
});
export type UserSpaceQuery = z.infer<typeof UserSpaceQuerySchema>;

export const UserSpaceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  /** Bytes of the user's files, trash included (what counts against the allowance). */
  used: z.number(),
  /** Of used, the bytes in trash. */
  trash: z.number(),
  /** Bytes allowed; null is unlimited. */
  allowed: z.number().nullable(),
  /** used of allowed in percent (one decimal); null when unlimited. */
  percent: z.number().nullable(),
  files: z.number().int(),
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_upload_at: z.string().nullable(),
});
export type UserSpaceRow = z.infer<typeof UserSpaceRowSchema>;

export const UserSpaceTotalsSchema = z.object({
  /** Bytes of every stored file, trash included. */
  store: z.number(),
  /** Bytes of files not in trash. */
  live: z.number(),
  trash: z.number(),
  /** Users who store at least one file. */
  users: z.number().int(),
  /** When the figures were computed (they are kept a minute). */
  computed_at: z.string(),
});
export type UserSpaceTotals = z.infer<typeof UserSpaceTotalsSchema>;

export const UserSpacePageSchema = adminPage(UserSpaceRowSchema).extend({ totals: UserSpaceTotalsSchema });
export type UserSpacePage = z.infer<typeof UserSpacePageSchema>;
