import { IntervalUnit, TenureType } from '@paypal/paypal-server-sdk';
import type { PlansRepository, PriceRow, ProductRow } from '../plans.repository.ts';
import type { PayPalGateway } from './paypal-gateway.ts';
import { toPayPalValue } from './paypal-money.ts';

const UNITS = {
  day: IntervalUnit.Day,
  week: IntervalUnit.Week,
  month: IntervalUnit.Month,
  year: IntervalUnit.Year,
} as const;

/** Payments PayPal retries before it suspends a subscription (then past due in Kosh). */
const PAYMENT_FAILURE_THRESHOLD = 3;

/**
 * Each price as a PayPal billing plan, all under one PayPal catalog product (PayPal moves a
 * subscription only between plans of the same product), created the first time they are needed.
 * A PayPal plan's price is never edited; Kosh archives and adds instead.
 */
export class PayPalCatalog {
  private readonly gateway: PayPalGateway;
  private readonly plans: Pick<PlansRepository, 'claimGatewayId' | 'paypalCatalogId' | 'claimPayPalCatalog'>;
  constructor(deps: {
    gateway: PayPalGateway;
    plans: Pick<PlansRepository, 'claimGatewayId' | 'paypalCatalogId' | 'claimPayPalCatalog'>;
  }) {
    this.gateway = deps.gateway;
    this.plans = deps.plans;
  }

  /** PayPal's id of the billing plan for a price, creating the catalog product and the plan when missing. */
  async planId(product: ProductRow, price: PriceRow): Promise<string> {
    if (price.paypal_id) return price.paypal_id;
    const productId = (await this.ensureProduct()).id;
    const subscriptions = await this.gateway.subscriptions();
    const currency = price.currency.toUpperCase();
    const { result } = await subscriptions.createBillingPlan({
      body: {
        productId,
        name: product.name.slice(0, 127),
        description: `Kosh price ${price.id}`,
        billingCycles: [
          {
            frequency: { intervalUnit: UNITS[price.interval], intervalCount: price.interval_count },
            tenureType: TenureType.Regular,
            sequence: 1,
            totalCycles: 0,
            pricingScheme: {
              fixedPrice: { value: toPayPalValue(Number(price.amount), currency), currencyCode: currency },
            },
          },
        ],
        paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: PAYMENT_FAILURE_THRESHOLD },
      },
    });
    if (!result.id) throw new Error('PayPal answered a plan without an id.');
    return this.plans.claimGatewayId('prices', price.id, 'paypal_id', result.id);
  }

  /** The one catalog product Kosh's plans live under at PayPal, created when missing (`created`). */
  async ensureProduct(): Promise<{ id: string; created: boolean }> {
    const known = await this.plans.paypalCatalogId();
    if (known) return { id: known, created: false };
    const client = await this.gateway.client();
    const created = await client.request<{ id: string }>('POST', '/v1/catalogs/products', {
      name: 'Storage plans',
      description: 'Cloud storage subscriptions',
      type: 'SERVICE',
      category: 'SOFTWARE',
    });
    const id = await this.plans.claimPayPalCatalog(created.id);
    return { id, created: id === created.id };
  }
}
