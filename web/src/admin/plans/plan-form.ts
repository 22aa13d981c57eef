import { type PriceInterval, type Product, type SaveProductBody, SaveProductBodySchema } from '@kosh/contracts';
import { parseDecimal, parseSize, type SizeUnit, splitSize } from '../settings/setting-values.ts';

export const SPACE_UNITS = ['GB', 'TB'] as const satisfies readonly SizeUnit[];

/** A price as the form holds it: typed text, and the id of the current price it came from. */
export type PriceDraft = {
  price_id?: number;
  amount: string;
  currency: string;
  interval: PriceInterval;
  interval_count: string;
};

/** The plan form's values: numbers as typed text, the space as an amount and a unit. */
export type PlanFormValues = {
  name: string;
  description: string;
  space_amount: string;
  space_unit: (typeof SPACE_UNITS)[number];
  free: boolean;
  recommended: boolean;
  hidden: boolean;
  features: Array<{ text: string }>;
  prices: PriceDraft[];
};

export const newPrice = (): PriceDraft => ({ amount: '', currency: 'INR', interval: 'month', interval_count: '1' });

export const blankPlan = (): PlanFormValues => ({
  name: '',
  description: '',
  space_amount: '',
  space_unit: 'GB',
  free: false,
  recommended: false,
  hidden: false,
  features: [],
  prices: [newPrice()],
});

/** A saved plan as the form edits it. */
export function planToForm(plan: Product): PlanFormValues {
  const space = splitSize(plan.available_space, SPACE_UNITS);
  return {
    name: plan.name,
    description: plan.description ?? '',
    space_amount: space.amount,
    space_unit: space.unit as PlanFormValues['space_unit'],
    free: plan.free,
    recommended: plan.recommended,
    hidden: plan.hidden,
    features: plan.feature_list.map((text) => ({ text })),
    prices: plan.prices.map((p) => ({
      price_id: p.id,
      amount: String(p.amount),
      currency: p.currency,
      interval: p.interval,
      interval_count: String(p.interval_count),
    })),
  };
}

const number = (text: string) => parseDecimal(text) ?? (text.trim() === '' ? undefined : Number.NaN);

/** The body the form sends; text that is no number stays NaN for the schema to report. */
export function formToBody(values: PlanFormValues, position: number): unknown {
  return {
    name: values.name,
    description: values.description.trim() || null,
    position,
    available_space: parseSize(values.space_amount, values.space_unit) ?? Number.NaN,
    free: values.free,
    recommended: values.recommended,
    hidden: values.hidden,
    feature_list: values.features.map((f) => f.text.trim()).filter(Boolean),
    prices: values.prices.map((p) => ({
      ...(p.price_id === undefined ? {} : { id: p.price_id }),
      amount: number(p.amount),
      currency: p.currency.trim(),
      interval: p.interval,
      interval_count: number(p.interval_count),
    })),
  };
}

/** A body field's errors on the form field that edits it (the server's 422 map or the schema's issues). */
export function formFieldOf(path: string): string {
  if (path === 'available_space') return 'space_amount';
  if (path === 'feature_list' || path.startsWith('feature_list.')) return 'features';
  if (/^prices\.\d+\.id$/.test(path)) return path.replace(/\.id$/, '.amount');
  return path;
}

/** Checks the body with the contract's schema; answers it, or each form field's first message. */
export function checkPlan(
  values: PlanFormValues,
  position: number,
): { body: SaveProductBody; errors?: never } | { body?: never; errors: Record<string, string> } {
  const parsed = SaveProductBodySchema.safeParse(formToBody(values, position));
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Every form field a server error may land on, for prices up to `count`. */
export function planFields(count: number): string[] {
  const prices = Array.from({ length: count }, (_, i) =>
    ['amount', 'currency', 'interval', 'interval_count'].map((f) => `prices.${i}.${f}`),
  ).flat();
  return ['name', 'description', 'space_amount', 'free', 'recommended', 'hidden', 'features', 'prices', ...prices];
}
