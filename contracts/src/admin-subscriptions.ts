import { z } from 'zod';
import { adminListQuery, adminPage, isCalendarDate } from './admin.ts';
import { PriceSchema } from './billing.ts';
import { idParam } from './fields.ts';
import { InvoiceSchema, PAYMENT_GATEWAYS, SUBSCRIPTION_STATES } from './subscriptions.ts';

// The admin area's subscriptions screens (spec part 2, 2 "subscriptions; expired-subscriptions", 6
// "subscriptions.update"): every subscription with filters, one in detail, staff's cancel and
// renew, and a plan granted without a gateway.

export const ADMIN_SUBSCRIPTIONS_SORTABLE = ['created_at', 'ends_at', 'renews_at'] as const;

export const ADMIN_SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found.',
  unknownUser: 'No such user.',
  unknownPlan: 'Choose a paid plan.',
  endsInPast: 'Give today or a later day.',
  alreadySubscribed: 'This user already has a valid subscription.',
  notCancelable: 'This subscription has ended or is already cancelled.',
  notResumable: 'Only a cancelled subscription still in its paid period can be renewed.',
} as const;

export const AdminSubscriptionsQuerySchema = adminListQuery(ADMIN_SUBSCRIPTIONS_SORTABLE).extend({
  /** ended lists the spec's expired subscriptions. */
  state: z
    .enum(SUBSCRIPTION_STATES, { error: `The state must be one of: ${SUBSCRIPTION_STATES.join(', ')}.` })
    .optional(),
  gateway: z.enum([...PAYMENT_GATEWAYS, 'none'], { error: 'The gateway must be stripe, paypal or none.' }).optional(),
  productId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
});
export type AdminSubscriptionsQuery = z.infer<typeof AdminSubscriptionsQuerySchema>;

export const AdminSubscriptionSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  product: z.object({ id: z.number().int(), name: z.string(), available_space: z.number() }),
  price: PriceSchema.nullable(),
  gateway: z.enum([...PAYMENT_GATEWAYS, 'none']),
  gateway_id: z.string().nullable(),
  state: z.enum(SUBSCRIPTION_STATES),
  valid: z.boolean(),
  renews_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>;

export const AdminSubscriptionsPageSchema = adminPage(AdminSubscriptionSchema);
export type AdminSubscriptionsPage = z.infer<typeof AdminSubscriptionsPageSchema>;

export const AdminSubscriptionIdParamsSchema = z.object({ id: idParam() });

export const AdminSubscriptionDetailSchema = z.object({
  subscription: AdminSubscriptionSchema,
  invoices: z.array(InvoiceSchema),
});
export type AdminSubscriptionDetail = z.infer<typeof AdminSubscriptionDetailSchema>;

/** A plan given by staff, without a gateway, until a day (inclusive, in UTC). */
export const GrantSubscriptionBodySchema = z.object({
  user_id: z.number({ error: 'Choose a user.' }).int().positive(),
  product_id: z.number({ error: 'Choose a plan.' }).int().positive(),
  ends_on: z.string({ error: 'Give the last day of the plan.' }).refine(isCalendarDate, 'Give a date as YYYY-MM-DD.'),
});
export type GrantSubscriptionBody = z.infer<typeof GrantSubscriptionBodySchema>;

export const AdminCancelSubscriptionBodySchema = z.object({
  /** false ends the plan now (a gateway's subscription is cancelled there at once). */
  at_period_end: z.boolean().default(true),
});
export type AdminCancelSubscriptionBody = z.infer<typeof AdminCancelSubscriptionBodySchema>;

export const AdminSubscriptionResponseSchema = z.object({ subscription: AdminSubscriptionSchema });
