import { type AdminCoupon, type CouponDuration, type CreateCouponBody, CreateCouponBodySchema } from '@kosh/contracts';

/** The new-coupon form's values: numbers as typed text, the expiry as a calendar day (YYYY-MM-DD). */
export type CouponFormValues = {
  code: string;
  name: string;
  kind: 'percent' | 'amount';
  percent_off: string;
  amount_off: string;
  currency: string;
  duration: CouponDuration;
  duration_in_months: string;
  /** Empty: no limit. */
  max_redemptions: string;
  /** Empty: never expires. */
  expires_on: string;
  active: boolean;
};

export const COUPON_FORM_FIELDS = [
  'code',
  'name',
  'percent_off',
  'amount_off',
  'currency',
  'duration',
  'duration_in_months',
  'max_redemptions',
  'expires_on',
] as const;

export const blankCoupon = (): CouponFormValues => ({
  code: '',
  name: '',
  kind: 'percent',
  percent_off: '',
  amount_off: '',
  currency: 'INR',
  duration: 'once',
  duration_in_months: '',
  max_redemptions: '',
  expires_on: '',
  active: true,
});

/** Typed text as a number: empty is absent, anything that is no number stays NaN for the schema to report. */
function number(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The end of a calendar day in the browser's time zone, as an instant; an empty day is no expiry. */
export function endOfDay(day: string): string | null | undefined {
  if (!day.trim()) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The body the form sends: only the fields of the chosen kind and duration. */
export function formToBody(values: CouponFormValues): unknown {
  const isPercent = values.kind === 'percent';
  const expiry = endOfDay(values.expires_on);
  return {
    code: values.code,
    name: values.name,
    percent_off: isPercent ? (number(values.percent_off) ?? null) : null,
    amount_off: isPercent ? null : (number(values.amount_off) ?? Number.NaN),
    currency: isPercent ? null : values.currency.trim() || null,
    duration: values.duration,
    duration_in_months: values.duration === 'repeating' ? (number(values.duration_in_months) ?? null) : null,
    max_redemptions: number(values.max_redemptions) ?? null,
    expires_at: expiry === undefined ? 'not a date' : expiry,
    active: values.active,
  };
}

/** A body field's errors on the form field that edits it (the server's 422 map or the schema's issues). */
export const formFieldOf = (path: string): string => (path === 'expires_at' ? 'expires_on' : path);

/** Checks the body with the contract's schema (and the expiry against `now`); answers it, or each field's message. */
export function checkCoupon(
  values: CouponFormValues,
  now: Date,
): { body: CreateCouponBody; errors?: never } | { body?: never; errors: Record<string, string> } {
  const parsed = CreateCouponBodySchema.safeParse(formToBody(values));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // The schema reports a missing choice on percent_off; the amount field is the one shown.
      const field = path === 'percent_off' && values.kind === 'amount' ? 'amount_off' : formFieldOf(path);
      errors[field] ??= issue.message;
    }
    return { errors };
  }
  if (parsed.data.expires_at && Date.parse(parsed.data.expires_at) <= now.getTime()) {
    return { errors: { expires_on: 'The expiry must be in the future.' } };
  }
  return { body: parsed.data };
}

/** "20% off" or "₹49.50 off". */
export function discountText(coupon: Pick<AdminCoupon, 'percent_off' | 'amount_off' | 'currency'>, locale = 'en') {
  if (coupon.percent_off !== null) return `${coupon.percent_off}% off`;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: coupon.currency ?? 'INR' });
  return `${money.format(coupon.amount_off ?? 0)} off`;
}

/** How long the discount lasts: "once", "3 months", "forever". */
export function durationText(coupon: Pick<AdminCoupon, 'duration' | 'duration_in_months'>): string {
  if (coupon.duration === 'repeating') {
    const months = coupon.duration_in_months ?? 1;
    return months === 1 ? '1 month' : `${months} months`;
  }
  return coupon.duration;
}

/** The terms in one line: "20% off, 3 months". */
export const termsText = (coupon: AdminCoupon, locale = 'en') =>
  `${discountText(coupon, locale)}, ${durationText(coupon)}`;

/** Redemptions against the limit: "4 of 100", or "4" without a limit. */
export const redemptionsText = (coupon: Pick<AdminCoupon, 'times_redeemed' | 'max_redemptions'>) =>
  coupon.max_redemptions === null
    ? String(coupon.times_redeemed)
    : `${coupon.times_redeemed} of ${coupon.max_redemptions}`;

export type CouponStatus = 'active' | 'inactive' | 'expired' | 'used_up';

/** Whether customers can redeem the code now, and if not, why. */
export function couponStatus(coupon: AdminCoupon, now: Date): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= now.getTime()) return 'expired';
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return 'used_up';
  return 'active';
}
