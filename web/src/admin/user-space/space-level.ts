/** How full an allowance is, for the bar's colour: warning over 80 percent, danger over 100. */
export type SpaceLevel = 'ok' | 'warning' | 'danger';

export const WARNING_PERCENT = 80;
export const DANGER_PERCENT = 100;

/** The level of a used share in percent; unlimited (null) is always fine. */
export function spaceLevel(percent: number | null): SpaceLevel {
  if (percent === null) return 'ok';
  if (percent > DANGER_PERCENT) return 'danger';
  if (percent > WARNING_PERCENT) return 'warning';
  return 'ok';
}

/** The bar's width in percent: at most full, and a sliver for any use so it never looks empty. */
export function barWidth(percent: number | null, used: number): number {
  if (percent === null) return 0;
  return Math.min(100, Math.max(percent, used > 0 ? 2 : 0));
}
