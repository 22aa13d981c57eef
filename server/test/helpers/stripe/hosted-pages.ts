import type { WirePrice, WireProduct, WireSession } from './stripe-objects.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** "€9.99 / month" from minor units, with the currency's own number of decimals. */
export function formatPrice(price: WirePrice): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: price.currency.toUpperCase() });
  const amount = price.unit_amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  const recurring = price.recurring;
  if (!recurring) return format.format(amount);
  const every =
    recurring.interval_count === 1 ? recurring.interval : `${recurring.interval_count} ${recurring.interval}s`;
  return `${format.format(amount)} / ${every}`;
}

/** Shown when the session has `allow_promotion_codes`, as on Stripe's page. */
const PROMOTION_FIELD = '  <label>Promotion code <input name="promotion_code" autocomplete="off"></label>\n';

export type PayPageInput = {
  session: WireSession;
  plan?: { product: WireProduct; price: WirePrice };
  error?: string;
};

/** The stand-in's hosted checkout: plain HTML a browser test can read and submit. */
export function renderPayPage({ session, plan, error }: PayPageInput): string {
  const isSetup = session.mode === 'setup';
  const heading = isSetup || !plan ? 'Save a card' : `${plan.product.name}: ${formatPrice(plan.price)}`;
  const action = `/pay/${encodeURIComponent(session.id)}`;
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  const promotion = session.allow_promotion_codes && !isSetup ? PROMOTION_FIELD : '';
  const body =
    session.status === 'open'
      ? `<form method="post" action="${action}">
  <label>Card number <input name="card" value="4242 4242 4242 4242"></label>
${promotion}  <button type="submit">${isSetup ? 'Save card' : 'Pay'}</button>
</form>`
      : `<p>This checkout session is ${escapeHtml(session.status ?? 'closed')}.</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Stripe stand-in checkout</title></head>
<body>
<h1>${escapeHtml(heading)}</h1>
${alert}
${body}
${back}
</body>
</html>
`;
}
