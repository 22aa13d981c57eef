import type { SettingsStatus } from '@kosh/contracts';

const SECRET_KEY = 'billing.stripe.secret_key';
const WEBHOOK_SECRET = 'billing.stripe.webhook_secret';

const given = (value: unknown) => typeof value === 'string' && value !== '';

/** Whether a change touches billing's switch or Stripe's keys: only then are their rules across keys checked. */
export const touchesBilling = (keys: readonly string[]): boolean =>
  keys.some((key) => key === 'billing.enable' || key.startsWith('billing.stripe.'));

/**
 * Billing cannot be on while Stripe has only one of its two keys: checkout would be offered and
 * its webhooks refused (or the other way round). The error sits on the key that is missing.
 */
export function billingSettingErrors(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  if (values['billing.enable'] !== true) return {};
  const hasKey = given(values[SECRET_KEY]);
  const hasSecret = given(values[WEBHOOK_SECRET]);
  if (hasKey && !hasSecret) return { [WEBHOOK_SECRET]: ['Give the webhook signing secret too.'] };
  if (!hasKey && hasSecret) return { [SECRET_KEY]: ['Give the secret key too.'] };
  return {};
}

/** Test or live mode, told by the prefix of Stripe's secret key (sk_test_, rk_live_, ...); null without a key. */
export function stripeModeOf(secretKey: unknown): SettingsStatus['stripeMode'] {
  if (typeof secretKey !== 'string') return null;
  if (/^(sk|rk)_test_/.test(secretKey)) return 'test';
  if (/^(sk|rk)_live_/.test(secretKey)) return 'live';
  return null;
}
