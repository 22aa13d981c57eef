import { z } from 'zod';
import { ProductSchema } from './billing.ts';

/** Plans a site may hold: bounds the reorder body (the admin area's plans screen). */
export const MAX_PLANS = 200;

export const AdminPlanSchema = ProductSchema.extend({
  /** Valid subscriptions: active, trialing, or cancelled and still in their paid period. */
  subscribers_count: z.number().int(),
}).describe('A plan as staff see it, hidden or not, with how many people subscribe to it.');
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

/** Every plan, hidden ones too, by position (the admin area's plans screen). */
export const ListAdminPlansResponseSchema = z.object({ plans: z.array(AdminPlanSchema) });
export type ListAdminPlansResponse = z.infer<typeof ListAdminPlansResponseSchema>;

/** The ids of every plan in their new order: each plan's position becomes its index. */
export const ReorderPlansBodySchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, 'List every plan.')
    .max(MAX_PLANS, `A site may have at most ${MAX_PLANS} plans.`),
});
export type ReorderPlansBody = z.infer<typeof ReorderPlansBodySchema>;

/** What a sync of the plans with Stripe did. */
export const SyncPlansResponseSchema = z.object({
  products_created: z.number().int(),
  products_updated: z.number().int(),
  prices_created: z.number().int(),
  prices_archived: z.number().int(),
});
export type SyncPlansResponse = z.infer<typeof SyncPlansResponseSchema>;
