import { z } from 'zod';
import { idParam, requiredString } from './fields.ts';

/** Billing intervals of a price (spec part 2, 3 "Price"). */
export const PRICE_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

/** The largest price amount, in the currency's major unit: bounded so gateways' integer minor units fit. */
export const MAX_PRICE_AMOUNT = 10_000_000;
/** Features a plan card lists under "What's included". */
export const MAX_PLAN_FEATURES = 30;

export const PriceSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    /** In the currency's major unit (rupees), at most two decimals. */
    amount: z.number(),
    /** ISO 4217, upper case (INR). */
    currency: z.string(),
    interval: z.enum(PRICE_INTERVALS),
    interval_count: z.number().int(),
  })
  .describe('A price of a plan (spec part 2, 3).');
export type Price = z.infer<typeof PriceSchema>;

export const ProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    /** Bytes of storage the plan grants. */
    available_space: z.number().int(),
    free: z.boolean(),
    recommended: z.boolean(),
    hidden: z.boolean(),
    feature_list: z.array(z.string()),
    prices: z.array(PriceSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('A plan (spec part 2, 3 "Plan product").');
export type Product = z.infer<typeof ProductSchema>;

export const ListProductsQuerySchema = z.object({
  /** The pricing page asks with loader=pricingPage (spec part 2, 7). */
  loader: z.string().max(50).optional(),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

/** The visible plans by position, each with its prices (spec part 2, 5 "Plan listing rules"). */
export const ListProductsResponseSchema = z.object({
  pagination: z.object({
    data: z.array(ProductSchema),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type ListProductsResponse = z.infer<typeof ListProductsResponseSchema>;

export const ProductIdParamsSchema = z.object({ productId: idParam() });
export type ProductIdParams = z.infer<typeof ProductIdParamsSchema>;

const amountField = () =>
  z
    .number({ error: 'The amount must be a number.' })
    .min(0, 'The amount must be at least 0.')
    .max(MAX_PRICE_AMOUNT, `The amount may not be greater than ${MAX_PRICE_AMOUNT}.`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The amount may have at most two decimals.');

export const PriceInputSchema = z.object({
  /** An existing price of this plan to keep; absent: a new price. */
  id: z.number().int().positive().optional(),
  amount: amountField(),
  currency: z
    .string({ error: 'The currency field is required.' })
    .regex(/^[A-Za-z]{3}$/, 'The currency must be a three-letter code.')
    .transform((s) => s.toUpperCase()),
  interval: z.enum(PRICE_INTERVALS, { error: 'The interval must be day, week, month or year.' }),
  interval_count: z
    .number({ error: 'The interval count must be a whole number.' })
    .int('The interval count must be a whole number.')
    .min(1, 'The interval count must be at least 1.')
    .max(365, 'The interval count may not be greater than 365.'),
});
export type PriceInput = z.infer<typeof PriceInputSchema>;

/** A plan as staff create or replace it (the admin area's plans screen). */
export const SaveProductBodySchema = z.object({
  name: requiredString('name', 100),
  description: z.string().trim().max(1000, 'The description may not be greater than 1000 characters.').nullish(),
  position: z.number().int().min(0).max(10_000).default(0),
  available_space: z
    .number({ error: 'The available space must be a whole number of bytes.' })
    .int('The available space must be a whole number of bytes.')
    .min(0, 'The available space must be at least 0.')
    .max(Number.MAX_SAFE_INTEGER),
  free: z.boolean().default(false),
  recommended: z.boolean().default(false),
  hidden: z.boolean().default(false),
  feature_list: z
    .array(z.string().trim().min(1).max(200, 'A feature may not be greater than 200 characters.'))
    .max(MAX_PLAN_FEATURES, `A plan may list at most ${MAX_PLAN_FEATURES} features.`)
    .default([]),
  prices: z.array(PriceInputSchema).max(20, 'A plan may have at most 20 prices.').default([]),
});
export type SaveProductBody = z.infer<typeof SaveProductBodySchema>;

export const ProductResponseSchema = z.object({ product: ProductSchema });
export type ProductResponse = z.infer<typeof ProductResponseSchema>;
