import { percentChange } from '@kosh/contracts/report-period';

// Pure helpers of the report page: how figures, changes and bucket labels read.

export type Change = { direction: 'up' | 'down' | 'flat'; text: string };

/** The change from the previous period as the cards show it: "+12.5%", "-3%", "0%", or "New". */
export function describeChange(value: number, previous: number, language: string, newLabel: string): Change {
  const percent = percentChange(value, previous);
  if (percent === null) return { direction: 'up', text: newLabel };
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  return { direction, text: `${number.format(percent)}%` };
}

const asUtcDate = (plainDate: string) =>
  new Date(`${plainDate.length === 7 ? `${plainDate}-01` : plainDate}T00:00:00Z`);

/** A bucket's label on an axis: "Mar 5" for a day, "Mar 25" for a month. */
export function bucketLabel(label: string, unit: 'day' | 'month', language: string): string {
  // Labels are calendar dates of the admin's zone already: format them as UTC so they do not shift.
  const options: Intl.DateTimeFormatOptions =
    unit === 'day' ? { month: 'short', day: 'numeric' } : { month: 'short', year: '2-digit' };
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(asUtcDate(label));
}

/** A bucket's label in a tooltip: "Wed, Mar 5, 2025" for a day, "March 2025" for a month. */
export function bucketTitle(label: string, unit: 'day' | 'month', language: string): string {
  const options: Intl.DateTimeFormatOptions =
    unit === 'day'
      ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }
      : { month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(asUtcDate(label));
}

/** Two calendar dates as one range: "Mar 1 – 31, 2025", or one date when they are the same day. */
export function periodLabel(from: string, to: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (from === to) return format.format(asUtcDate(from));
  // ICU versions space the dash of a range apart differently (thin or plain): the server's drawing
  // and the browser's must read the same.
  return format.formatRange(asUtcDate(from), asUtcDate(to)).replace(/[\u2009\u202f]/g, ' ');
}

/** A count as the language writes it: 12,345. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A count on an axis, short: 1.2K. */
export function formatCompact(value: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

const STEPS = [1, 2, 2.5, 5, 10];

/**
 * Axis ticks for bytes at round numbers of one unit (0, 256 MB, 512 MB ...), so that labels never
 * repeat as decimal ticks would ("2 MB, 2 MB" for 1,900,000 and 2,100,000 bytes).
 */
export function byteTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const unit = 1024 ** Math.max(0, Math.floor(Math.log(max) / Math.log(1024)));
  const raw = max / unit / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const round = (STEPS.find((s) => s * magnitude >= raw) ?? 10) * magnitude * unit;
  // No fractions of a byte.
  const step = unit === 1 ? Math.ceil(round) : round;
  const ticks: number[] = [];
  for (let tick = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; tick += step) ticks.push(tick);
  return ticks;
}

/** An amount in a currency's minor units (paise, cents) as money: 29800 INR reads "₹298" in English. */
export function formatMinorAmount(minor: number, currency: string, language: string): string {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    const amount = minor / 10 ** (digits ?? 2);
    const shown = Number.isInteger(amount) ? 0 : (digits ?? 2);
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(amount);
  } catch {
    // A malformed currency code or language: still show the figure.
    return `${minor} ${currency}`;
  }
}

/**
 * How near a chart comes before it is drawn: drawing one blocks a slow phone for a few hundred
 * milliseconds, so the charts below a phone's first screen wait until the admin scrolls close.
 */
export const CHART_MARGIN = '100px';
