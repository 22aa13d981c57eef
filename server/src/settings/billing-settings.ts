import type { SettingsStatus } from '@kosh/contracts';

const SECRET_KEY = 'billing.stripe.secret_key';
const WEBHOOK_SECRET = 'billing.stripe.webhook_secret';

const given = (value: unknown) => typeof value === 'string' && value !== '';

const PAYPAL_KEYS = {
  'billing.paypal.client_id': 'Give the client ID too.',
  'billing.paypal.client_secret': 'Give the secret too.',
  'billing.paypal.webhook_id': 'Give the webhook ID too.',
} as const;

/** Whether a change touches billing's switch or a gateway's keys: only then are their rules across keys checked. */
export const touchesBilling = (keys: readonly string[]): boolean =>
  keys.some(
    (key) => key === 'billing.enable' || key.startsWith('billing.stripe.') || key.startsWith('billing.paypal.'),
  );

/**
 * Billing cannot be on while a gateway has only some of its keys: checkout would be offered and
 * its webhooks refused (or the other way round). The error sits on each key that is missing.
 */
export function billingSettingErrors(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  if (values['billing.enable'] !== true) return {};
  return { ...stripeErrors(values), ...paypalErrors(values) };
}

function stripeErrors(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const hasKey = given(values[SECRET_KEY]);
  const hasSecret = given(values[WEBHOOK_SECRET]);
  if (hasKey && !hasSecret) return { [WEBHOOK_SECRET]: ['Give the webhook signing secret too.'] };
  if (!hasKey && hasSecret) return { [SECRET_KEY]: ['Give the secret key too.'] };
  return {};
}

function paypalErrors(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const missing = Object.entries(PAYPAL_KEYS).filter(([key]) => !given(values[key]));
  if (missing.length === 0 || missing.length === Object.keys(PAYPAL_KEYS).length) return {};
  return Object.fromEntries(missing.map(([key, message]) => [key, [message]]));
}

/** Test or live mode, told by the prefix of Stripe's secret key (sk_test_, rk_live_, ...); null without a key. */
export function stripeModeOf(secretKey: unknown): SettingsStatus['stripeMode'] {
  if (typeof secretKey !== 'string') return null;
  if (/^(sk|rk)_test_/.test(secretKey)) return 'test';
  if (/^(sk|rk)_live_/.test(secretKey)) return 'live';
  return null;
}
