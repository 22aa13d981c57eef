import type { AdminSubscription } from '@kosh/contracts';

/** How each gateway reads in the admin area; none is a plan staff granted. */
export const GATEWAY_LABELS: Record<AdminSubscription['gateway'], string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  none: 'Granted',
};

/** The date that matters now: when it ends (cancelled, ended, granted) else when it renews. */
export function keyDate(s: Pick<AdminSubscription, 'ends_at' | 'renews_at'>): { label: string; at: string } | null {
  if (s.ends_at) return { label: 'Ends', at: s.ends_at };
  if (s.renews_at) return { label: 'Renews', at: s.renews_at };
  return null;
}
