import { z } from 'zod';
import { PriceSchema, ProductSchema } from './billing.ts';
import { idParam } from './fields.ts';

/** The gateways a plan can be paid through; none is a subscription staff granted. */
export const PAYMENT_GATEWAYS = ['stripe', 'paypal'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/**
 * Where a subscription stands (derived from the gateway's status, renews_at and ends_at):
 * cancelled is the grace period until ends_at; ended is past it (the spec's expired subscriptions).
 */
export const SUBSCRIPTION_STATES = ['active', 'trialing', 'past_due', 'incomplete', 'cancelled', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The plan size from which API tokens may be created while billing is on (spec part 2, 6: 1 TB). */
export const API_PLAN_MIN_BYTES = 1024 ** 4;

export const BILLING_MESSAGES = {
  apiNeedsPlan: 'To access and use APIs, you must have an active plan of 1 TB or above.',
  billingOff: 'Billing is not enabled on this site.',
  gatewayOff: 'This payment method is not available.',
  alreadySubscribed: 'You already have a subscription. Change your plan from the billing page instead.',
  noSubscription: 'You do not have a subscription.',
  unknownPrice: 'This plan or price is not offered.',
  checkoutNotFound: 'This checkout was not found.',
  checkoutUnpaid: 'The payment has not been completed.',
  notCancelable: 'This subscription cannot be cancelled.',
  notResumable: 'Only a cancelled subscription still in its paid period can be renewed.',
  paypalCancelledThere:
    'This PayPal subscription was cancelled at PayPal and cannot be renewed. Subscribe again once it ends.',
  paypalPaymentMethod: 'PayPal subscriptions are paid from your PayPal account: change how you pay there.',
} as const;

export const PaymentMethodSchema = z.object({ brand: z.string(), last4: z.string() });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const BillingSubscriptionSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(SUBSCRIPTION_STATES),
    /** Active, trialing, or cancelled and still in its paid period. */
    valid: z.boolean(),
    gateway: z.enum([...PAYMENT_GATEWAYS, 'none']),
    product: ProductSchema,
    price: PriceSchema.nullable(),
    /** When the next charge is due; null once cancelled. */
    renews_at: z.string().nullable(),
    /** When a cancelled subscription ends (or ended). */
    ends_at: z.string().nullable(),
    trial_ends_at: z.string().nullable(),
    payment_method: PaymentMethodSchema.nullable(),
    created_at: z.string(),
  })
  .describe('A subscription as its owner sees it on the billing page.');
export type BillingSubscription = z.infer<typeof BillingSubscriptionSchema>;

export const CurrentSubscriptionResponseSchema = z.object({ subscription: BillingSubscriptionSchema.nullable() });
export type CurrentSubscriptionResponse = z.infer<typeof CurrentSubscriptionResponseSchema>;

/** The gateways the checkout page may offer: those with their keys configured (never the keys). */
export const BillingGatewaysResponseSchema = z.object({ gateways: z.array(z.enum(PAYMENT_GATEWAYS)) });
export type BillingGatewaysResponse = z.infer<typeof BillingGatewaysResponseSchema>;

export const CheckoutBodySchema = z.object({
  product_id: z.number({ error: 'Choose a plan.' }).int().positive(),
  price_id: z.number({ error: 'Choose a price.' }).int().positive(),
  gateway: z.enum(PAYMENT_GATEWAYS, { error: 'Choose Stripe or PayPal.' }),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** Where the browser goes to pay: the gateway's hosted page. */
export const CheckoutResponseSchema = z.object({ redirect_url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const ConfirmStripeCheckoutBodySchema = z.object({
  session_id: z.string({ error: 'The checkout session is missing.' }).min(1).max(255),
});
export type ConfirmStripeCheckoutBody = z.infer<typeof ConfirmStripeCheckoutBodySchema>;

/** PayPal returns the browser with the subscription's id (I-…) in `subscription_id`. */
export const ConfirmPayPalCheckoutBodySchema = z.object({
  subscription_id: z
    .string({ error: 'The PayPal subscription is missing.' })
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'This is not a PayPal subscription id.'),
});
export type ConfirmPayPalCheckoutBody = z.infer<typeof ConfirmPayPalCheckoutBodySchema>;

export const SubscriptionResponseSchema = z.object({ subscription: BillingSubscriptionSchema });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

export const InvoiceSchema = z.object({
  id: z.number().int(),
  /** The plan's name when the invoice was listed; null when the plan is gone. */
  plan: z.string().nullable(),
  /** In the currency's major unit. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const ListInvoicesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListInvoicesQuery = z.infer<typeof ListInvoicesQuerySchema>;

export const ListInvoicesResponseSchema = z.object({
  pagination: z.object({
    data: z.array(InvoiceSchema),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type ListInvoicesResponse = z.infer<typeof ListInvoicesResponseSchema>;

export const InvoiceIdParamsSchema = z.object({ invoiceId: idParam() });
export type InvoiceIdParams = z.infer<typeof InvoiceIdParamsSchema>;

/** The PDF of one invoice (GET, an attachment, not JSON): the "Download PDF" links point here. */
export const INVOICE_PDF_PATH = 'billing/invoices/:invoiceId/pdf';

/** An invoice as its printable page and PDF show it, with the number printed on it (INV-000123). */
export const InvoiceDocumentSchema = InvoiceSchema.extend({ number: z.string() });
export type InvoiceDocument = z.infer<typeof InvoiceDocumentSchema>;

export const GetInvoiceResponseSchema = z
  .object({
    invoice: InvoiceDocumentSchema,
    /** The site's company details (setting billing.invoice.company), else the site's name. */
    seller: z.object({
      /** The company's first line, or the site's name when no company is set. */
      name: z.string(),
      /** The company's other lines: address, tax id. */
      lines: z.array(z.string()),
      /** The setting billing.invoice.notes; empty for none. */
      notes: z.string(),
    }),
    buyer: z.object({ name: z.string().nullable(), email: z.string() }),
  })
  .describe('One of the user’s invoices with what its printable page shows.');
export type GetInvoiceResponse = z.infer<typeof GetInvoiceResponseSchema>;
