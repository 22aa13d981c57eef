import { PayPalStandInError, missingField, resourceNotFound, unprocessable } from './paypal-error.ts';
import {
  type IntervalUnit,
  isoTime,
  newId,
  planLinks,
  productLinks,
  regularCycle,
  subscriptionLinks,
  type WireBillingCycle,
  type WirePlan,
  type WireProduct,
  type WireSubscription,
} from './paypal-objects.ts';
import {
  type JsonObject,
  objectAt,
  oneOf,
  optionalBoolean,
  optionalInteger,
  optionalText,
  requiredText,
} from './json-input.ts';

/** What the approval page needs that the subscription does not show. */
export type Checkout = {
  baToken: string;
  /** The `token` PayPal adds to the return URL. */
  token: string;
  subscriptionId: string;
  returnUrl: string;
  cancelUrl: string;
  brandName?: string;
  /** A plan change (revise) waiting for the subscriber's consent, rather than a new subscription. */
  revisePlanId?: string;
  /** Whether the subscriber agreed already (a revision's page is used once). */
  done?: boolean;
};

const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL', 'SERVICE'] as const;
const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
const TENURE_TYPES = ['REGULAR', 'TRIAL'] as const;
/** The product fields PayPal lets a JSON Patch change. */
const PATCHABLE_PRODUCT_FIELDS = ['description', 'category', 'image_url', 'home_url'] as const;

/** The stand-in's objects, as PayPal stores them, and their creation rules. */
export class PayPalStore {
  readonly products = new Map<string, WireProduct>();
  readonly plans = new Map<string, WirePlan>();
  readonly subscriptions = new Map<string, WireSubscription>();
  /** Approval pages by their `ba_token`. */
  readonly checkouts = new Map<string, Checkout>();

  private readonly clock: () => Date;
  private readonly baseUrl: () => string;

  constructor(clock: () => Date, baseUrl: () => string) {
    this.clock = clock;
    this.baseUrl = baseUrl;
  }

  now(): string {
    return isoTime(this.clock());
  }

  get<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw resourceNotFound(`Requested resource ID was not found.`);
    return found;
  }

  createProduct(body: JsonObject): WireProduct {
    const now = this.now();
    const product: WireProduct = {
      id: newId('PROD-'),
      name: requiredText(body, 'name'),
      description: optionalText(body, 'description'),
      type: oneOf(requiredText(body, 'type'), PRODUCT_TYPES, '/type'),
      category: optionalText(body, 'category'),
      image_url: optionalText(body, 'image_url'),
      home_url: optionalText(body, 'home_url'),
      create_time: now,
      update_time: now,
      links: [],
    };
    this.products.set(product.id, product);
    return product;
  }

  /** Applies a JSON Patch of `replace`/`add`/`remove` operations on the fields PayPal allows. */
  patchProduct(id: string, operations: unknown): void {
    const product = this.get(this.products, id);
    if (!Array.isArray(operations) || operations.length === 0) throw missingField('/');
    const patched = { ...product } as Record<string, unknown>;
    for (const operation of operations.map(objectAt)) {
      const op = requiredText(operation, 'op', '/op');
      const path = requiredText(operation, 'path', '/path');
      const field = path.replace(/^\//, '');
      if (!(PATCHABLE_PRODUCT_FIELDS as readonly string[]).includes(field)) {
        throw unprocessable('PATCH_PATH_NOT_SUPPORTED', `The specified field cannot be patched.`, path);
      }
      if (op === 'remove') delete patched[field];
      else if (op === 'replace' || op === 'add') patched[field] = requiredText(operation, 'value', '/value');
      else throw unprocessable('INVALID_PATCH_OPERATION', `The operation cannot be honored.`, '/op');
    }
    Object.assign(product, patched, { update_time: this.now() });
    for (const field of PATCHABLE_PRODUCT_FIELDS) if (patched[field] === undefined) delete product[field];
  }

  createPlan(body: JsonObject): WirePlan {
    const productId = requiredText(body, 'product_id');
    if (!this.products.has(productId)) {
      throw unprocessable('INVALID_RESOURCE_ID', 'Requested resource ID was not found.', '/product_id');
    }
    const cycles = body.billing_cycles;
    if (!Array.isArray(cycles) || cycles.length === 0) throw missingField('/billing_cycles');
    const now = this.now();
    const billingCycles = cycles.map((raw, index) => this.billingCycle(objectAt(raw), index, now));
    if (!billingCycles.some((cycle) => cycle.tenure_type === 'REGULAR')) {
      throw unprocessable('INVALID_BILLING_CYCLE', 'A plan needs one REGULAR billing cycle.', '/billing_cycles');
    }
    const currency = billingCycles[0].pricing_scheme.fixed_price.currency_code;
    const preferences = objectAt(body.payment_preferences);
    const status = optionalText(body, 'status') ?? 'ACTIVE';
    const plan: WirePlan = {
      id: newId('P-', 24),
      product_id: productId,
      name: requiredText(body, 'name'),
      status: oneOf(status, ['CREATED', 'ACTIVE', 'INACTIVE'] as const, '/status'),
      description: optionalText(body, 'description'),
      usage_type: 'LICENSED',
      billing_cycles: billingCycles,
      payment_preferences: {
        service_type: 'PREPAID',
        auto_bill_outstanding: optionalBoolean(preferences, 'auto_bill_outstanding') ?? true,
        setup_fee: { currency_code: currency, value: '0' },
        setup_fee_failure_action: oneOf(
          optionalText(preferences, 'setup_fee_failure_action') ?? 'CANCEL',
          ['CONTINUE', 'CANCEL'] as const,
          '/payment_preferences/setup_fee_failure_action',
        ),
        payment_failure_threshold: optionalInteger(preferences, 'payment_failure_threshold') ?? 0,
      },
      quantity_supported: false,
      create_time: now,
      update_time: now,
      links: [],
    };
    this.plans.set(plan.id, plan);
    return plan;
  }

  setPlanStatus(id: string, status: 'ACTIVE' | 'INACTIVE'): void {
    const plan = this.get(this.plans, id);
    if (plan.status === status) {
      const action = status === 'ACTIVE' ? 'activate' : 'deactivate';
      throw unprocessable('PLAN_STATUS_INVALID', `Invalid plan status for ${action} action.`);
    }
    Object.assign(plan, { status, update_time: this.now() });
  }

  createSubscription(body: JsonObject): { subscription: WireSubscription; checkout: Checkout } {
    const planId = requiredText(body, 'plan_id');
    const plan = this.plans.get(planId);
    if (!plan) throw unprocessable('INVALID_RESOURCE_ID', 'Requested resource ID was not found.', '/plan_id');
    if (plan.status !== 'ACTIVE') {
      throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. Plan must be in ACTIVE state.', '/plan_id');
    }
    const context = objectAt(body.application_context);
    const now = this.now();
    const subscription: WireSubscription = {
      id: newId('I-', 12),
      plan_id: planId,
      status: 'APPROVAL_PENDING',
      status_update_time: now,
      start_time: optionalText(body, 'start_time') ?? now,
      custom_id: optionalText(body, 'custom_id'),
      quantity: '1',
      shipping_amount: { currency_code: regularCycle(plan).pricing_scheme.fixed_price.currency_code, value: '0.0' },
      plan_overridden: false,
      create_time: now,
      update_time: now,
      links: [],
    };
    const checkout: Checkout = {
      baToken: newId('BA-'),
      token: newId('EC-'),
      subscriptionId: subscription.id,
      returnUrl: requiredText(context, 'return_url', '/application_context/return_url'),
      cancelUrl: requiredText(context, 'cancel_url', '/application_context/cancel_url'),
      brandName: optionalText(context, 'brand_name', '/application_context/brand_name'),
    };
    this.subscriptions.set(subscription.id, subscription);
    this.checkouts.set(checkout.baToken, checkout);
    return { subscription, checkout };
  }

  /**
   * A plan change (revise) of an active subscription, to a plan of the same product, waiting for
   * the subscriber's consent on the approval page; answers the approve link.
   */
  createRevision(subscriptionId: string, body: JsonObject): { plan_id: string; links: object[] } {
    const sub = this.get(this.subscriptions, subscriptionId);
    const planId = requiredText(body, 'plan_id');
    const plan = this.plans.get(planId);
    if (!plan) throw unprocessable('INVALID_RESOURCE_ID', 'Requested resource ID was not found.', '/plan_id');
    if (plan.status !== 'ACTIVE') {
      throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. Plan must be in ACTIVE state.', '/plan_id');
    }
    if (sub.status !== 'ACTIVE') {
      throw unprocessable('SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for revise action.');
    }
    if (plan.product_id !== this.get(this.plans, sub.plan_id).product_id) {
      throw unprocessable(
        'INVALID_PRODUCT',
        'The new plan must belong to the product of the current plan.',
        '/plan_id',
      );
    }
    const context = objectAt(body.application_context);
    const checkout: Checkout = {
      baToken: newId('BA-'),
      token: newId('EC-'),
      subscriptionId,
      returnUrl: requiredText(context, 'return_url', '/application_context/return_url'),
      cancelUrl: requiredText(context, 'cancel_url', '/application_context/cancel_url'),
      revisePlanId: planId,
    };
    this.checkouts.set(checkout.baToken, checkout);
    const approve = `${this.baseUrl()}/checkoutnow?ba_token=${checkout.baToken}`;
    return { plan_id: planId, links: [{ href: approve, rel: 'approve', method: 'GET' }] };
  }

  approveUrl(subscriptionId: string): string {
    const checkout = [...this.checkouts.values()].find(
      (entry) => entry.subscriptionId === subscriptionId && !entry.revisePlanId,
    );
    return `${this.baseUrl()}/checkoutnow?ba_token=${checkout?.baToken ?? ''}`;
  }

  /** A copy of an object as the API shows it, with its links. */
  render<T extends WireProduct | WirePlan | WireSubscription>(object: T): T {
    const copy = structuredClone(object);
    const base = this.baseUrl();
    if (copy.id.startsWith('PROD-')) copy.links = productLinks(base, copy as WireProduct);
    else if (copy.id.startsWith('P-')) copy.links = planLinks(base, copy as WirePlan);
    else copy.links = subscriptionLinks(base, copy as WireSubscription, this.approveUrl(copy.id));
    return copy;
  }

  private billingCycle(cycle: JsonObject, index: number, now: string): WireBillingCycle {
    const at = `/billing_cycles/${index}`;
    const frequency = objectAt(cycle.frequency);
    const price = objectAt(objectAt(cycle.pricing_scheme).fixed_price);
    const unit: IntervalUnit = oneOf(
      requiredText(frequency, 'interval_unit', `${at}/frequency/interval_unit`),
      INTERVAL_UNITS,
      `${at}/frequency/interval_unit`,
    );
    const value = requiredText(price, 'value', `${at}/pricing_scheme/fixed_price/value`);
    if (!/^\d+(\.\d{1,2})?$/.test(value)) {
      throw new PayPalStandInError(400, 'INVALID_REQUEST', [
        { field: `${at}/pricing_scheme/fixed_price/value`, value, issue: 'INVALID_PARAMETER_SYNTAX' },
      ]);
    }
    return {
      frequency: { interval_unit: unit, interval_count: optionalInteger(frequency, 'interval_count') ?? 1 },
      tenure_type: oneOf(requiredText(cycle, 'tenure_type', `${at}/tenure_type`), TENURE_TYPES, `${at}/tenure_type`),
      sequence: optionalInteger(cycle, 'sequence', `${at}/sequence`) ?? index + 1,
      total_cycles: optionalInteger(cycle, 'total_cycles', `${at}/total_cycles`) ?? 1,
      pricing_scheme: {
        version: 1,
        fixed_price: {
          value,
          currency_code: requiredText(price, 'currency_code', `${at}/pricing_scheme/fixed_price/currency_code`),
        },
        create_time: now,
        update_time: now,
      },
    };
  }
}
