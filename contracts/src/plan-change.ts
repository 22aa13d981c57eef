import { z } from 'zod';
import { BillingSubscriptionSchema } from './subscriptions.ts';

export const PLAN_CHANGE_MESSAGES = {
  notChangeable: 'Only an active plan can be changed. Renew or pay for your plan first.',
  notBigger: 'Choose a plan with more storage than your current plan.',
  samePrice: 'This is already your plan.',
} as const;

export const ChangePlanBodySchema = z.object({
  product_id: z.number({ error: 'Choose a plan.' }).int().positive(),
  price_id: z.number({ error: 'Choose a price.' }).int().positive(),
});
export type ChangePlanBody = z.infer<typeof ChangePlanBodySchema>;

/**
 * What a plan change costs and when the plan renews after it. Stripe prorates: the amount is charged
 * at once (`now`). PayPal does not: the new plan starts once approved at PayPal, and its price is
 * charged from the next payment (`next_payment`, on renews_at).
 */
export const PlanChangePreviewSchema = z.object({
  /** In the currency's major unit: at once, the new price less what is left of the current one; else the new price. */
  amount_due: z.number(),
  charged: z.enum(['now', 'next_payment']),
  currency: z.string(),
  /** When the changed plan renews next. */
  renews_at: z.string().nullable(),
  /** The moment the preview priced; the change sent with it is charged the same. */
  proration_date: z.number().int(),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreviewSchema>;

export const PlanChangePreviewResponseSchema = z.object({ preview: PlanChangePreviewSchema });
export type PlanChangePreviewResponse = z.infer<typeof PlanChangePreviewResponseSchema>;

export const ChangePlanConfirmBodySchema = ChangePlanBodySchema.extend({
  proration_date: z.number().int().positive().optional(),
});
export type ChangePlanConfirmBody = z.infer<typeof ChangePlanConfirmBodySchema>;

/** The changed subscription (Stripe), or PayPal's page where the subscriber approves the change. */
export const ChangePlanResponseSchema = z.object({
  subscription: BillingSubscriptionSchema.optional(),
  redirect_url: z.string().optional(),
});
