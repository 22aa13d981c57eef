import { z } from 'zod';
import { adminListQuery, adminPage } from './admin.ts';
import { MAX_PRICE_AMOUNT } from './billing.ts';
import { idParam, requiredString } from './fields.ts';

// Discount coupons (spec part 2, "Discount"): percent or amount off, for one invoice, some months
// or forever, with a redemption limit and an expiry; customers type the code at Stripe Checkout.

/** Stripe's limits on a promotion code: letters, digits, dashes and underscores. */
export const COUPON_CODE_MAX = 40;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Stripe allows repeating coupons of up to 36 months (3 years). */
export const COUPON_MAX_MONTHS = 36;
export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export const COUPON_TEXT = {
  percentOrAmount: 'Enter either a percentage or an amount off.',
  currencyRequired: 'An amount off needs a currency.',
  monthsRequired: 'A repeating discount needs a number of months.',
  monthsOnlyRepeating: 'Months apply only to a repeating discount.',
} as const;

export const AdminCouponSchema = z
  .object({
    id: z.number().int(),
    /** Upper case; customers may type it in any case. */
    code: z.string(),
    name: z.string(),
    percent_off: z.number().nullable(),
    /** In the currency's major unit, at most two decimals. */
    amount_off: z.number().nullable(),
    currency: z.string().nullable(),
    duration: z.enum(COUPON_DURATIONS),
    duration_in_months: z.number().int().nullable(),
    max_redemptions: z.number().int().nullable(),
    expires_at: z.string().nullable(),
    active: z.boolean(),
    /** As Stripe last reported it ("Sync" reads it again). */
    times_redeemed: z.number().int(),
    stripe_coupon_id: z.string().nullable(),
    stripe_promotion_code_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('A discount coupon and its promotion code at Stripe.');
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const ADMIN_COUPONS_SORTABLE = ['created_at', 'code', 'name', 'times_redeemed'] as const;
export const AdminCouponsQuerySchema = adminListQuery(ADMIN_COUPONS_SORTABLE);
export type AdminCouponsQuery = z.infer<typeof AdminCouponsQuerySchema>;
export const AdminCouponsPageSchema = adminPage(AdminCouponSchema);
export type AdminCouponsPage = z.infer<typeof AdminCouponsPageSchema>;
export const AdminCouponResponseSchema = z.object({ coupon: AdminCouponSchema });
export type AdminCouponResponse = z.infer<typeof AdminCouponResponseSchema>;
export const CouponIdParamsSchema = z.object({ couponId: idParam() });
export type CouponIdParams = z.infer<typeof CouponIdParamsSchema>;

const percentField = () =>
  z
    .number({ error: 'The percentage must be a number.' })
    .min(1, 'The percentage must be at least 1.')
    .max(100, 'The percentage may not be greater than 100.')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The percentage may have at most two decimals.');

const amountField = () =>
  z
    .number({ error: 'The amount must be a number.' })
    .min(0.01, 'The amount must be greater than 0.')
    .max(MAX_PRICE_AMOUNT, `The amount may not be greater than ${MAX_PRICE_AMOUNT}.`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The amount may have at most two decimals.');

/** The terms Stripe fixes when a coupon is made: they never change afterwards. */
const termsShape = {
  percent_off: percentField().nullish(),
  amount_off: amountField().nullish(),
  currency: z
    .string({ error: 'The currency must be a three-letter code.' })
    .regex(/^[A-Za-z]{3}$/, 'The currency must be a three-letter code.')
    .transform((s) => s.toUpperCase())
    .nullish(),
  duration: z.enum(COUPON_DURATIONS, { error: 'The duration must be once, repeating or forever.' }),
  duration_in_months: z
    .number({ error: 'The months must be a whole number.' })
    .int('The months must be a whole number.')
    .min(1, 'The months must be at least 1.')
    .max(COUPON_MAX_MONTHS, `The months may not be greater than ${COUPON_MAX_MONTHS}.`)
    .nullish(),
  max_redemptions: z
    .number({ error: 'The limit must be a whole number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(1_000_000_000, 'The limit may not be greater than 1000000000.')
    .nullish(),
  /** An instant (ISO 8601); it must be in the future when the coupon is made. */
  expires_at: z.iso.datetime({ offset: true, error: 'The expiry must be a date and time.' }).nullish(),
};

const nameField = () => requiredString('name', 100);

/** A new coupon: a code, a name, and the terms (exactly one of percent_off and amount_off + currency). */
export const CreateCouponBodySchema = z
  .object({
    code: z
      .string({ error: 'The code field is required.' })
      .trim()
      .min(1, 'The code field is required.')
      .max(COUPON_CODE_MAX, `The code may not be greater than ${COUPON_CODE_MAX} characters.`)
      .regex(COUPON_CODE_PATTERN, 'The code may contain only letters, digits, dashes and underscores.')
      .transform((s) => s.toUpperCase()),
    name: nameField(),
    ...termsShape,
    active: z.boolean({ error: 'Active must be true or false.' }).default(true),
  })
  .superRefine((body, ctx) => {
    const hasPercent = body.percent_off != null;
    const hasAmount = body.amount_off != null;
    if (hasPercent === hasAmount) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: COUPON_TEXT.percentOrAmount });
    }
    if (hasAmount && !body.currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: COUPON_TEXT.currencyRequired });
    }
    if (body.duration === 'repeating' && body.duration_in_months == null) {
      ctx.addIssue({ code: 'custom', path: ['duration_in_months'], message: COUPON_TEXT.monthsRequired });
    }
    if (body.duration !== 'repeating' && body.duration_in_months != null) {
      ctx.addIssue({ code: 'custom', path: ['duration_in_months'], message: COUPON_TEXT.monthsOnlyRepeating });
    }
  });
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>;
export type CreateCouponInput = z.input<typeof CreateCouponBodySchema>;

/**
 * A change to a coupon: its name and whether its code can be redeemed. Stripe keeps a coupon's
 * terms for good, so terms sent here must equal the coupon's (a change answers 422).
 */
export const UpdateCouponBodySchema = z.object({
  name: nameField(),
  active: z.boolean({ error: 'Active must be true or false.' }),
  ...termsShape,
  duration: termsShape.duration.optional(),
  code: z.string().trim().optional(),
});
export type UpdateCouponBody = z.infer<typeof UpdateCouponBodySchema>;

/** What a sync of the coupons with Stripe did. */
export const SyncCouponsResponseSchema = z.object({ updated: z.number().int() });
export type SyncCouponsResponse = z.infer<typeof SyncCouponsResponseSchema>;
