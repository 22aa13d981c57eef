import type { PlansRepository, PriceRow, ProductRow } from '../plans.repository.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/**
 * Plans and prices as Stripe products and prices, created the first time they are needed. A
 * price at Stripe never changes amount; Kosh archives and adds prices the same way.
 */
export class StripeCatalog {
  private readonly gateway: StripeGateway;
  private readonly plans: Pick<PlansRepository, 'claimGatewayId'>;
  constructor(deps: { gateway: StripeGateway; plans: Pick<PlansRepository, 'claimGatewayId'> }) {
    this.gateway = deps.gateway;
    this.plans = deps.plans;
  }

  /** Stripe's id of the price, creating the plan and the price at Stripe when they are not there yet. */
  async priceId(product: ProductRow, price: PriceRow): Promise<string> {
    if (price.stripe_id) return price.stripe_id;
    const stripe = await this.gateway.client();
    const productId = product.stripe_id ?? (await this.productId(product));
    const created = await stripe.prices.create({
      product: productId,
      unit_amount: Number(price.amount),
      currency: price.currency.toLowerCase(),
      recurring: { interval: price.interval, interval_count: price.interval_count },
      metadata: { kosh_price_id: String(price.id) },
    });
    return this.plans.claimGatewayId('prices', price.id, 'stripe_id', created.id);
  }

  /** Stripe's id of the plan, creating the product at Stripe when it is not there yet (`created`). */
  async ensureProduct(product: ProductRow): Promise<{ id: string; created: boolean }> {
    if (product.stripe_id) return { id: product.stripe_id, created: false };
    return { id: await this.productId(product), created: true };
  }

  private async productId(product: ProductRow): Promise<string> {
    const stripe = await this.gateway.client();
    const created = await stripe.products.create({
      name: product.name,
      ...(product.description ? { description: product.description } : {}),
      metadata: { kosh_product_id: String(product.id) },
    });
    return this.plans.claimGatewayId('products', product.id, 'stripe_id', created.id);
  }
}
