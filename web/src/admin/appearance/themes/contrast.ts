import { THEME_CONTRAST_PAIRS } from '@kosh/contracts/admin-appearance';

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

/** #rrggbb (or #rgb) to [r, g, b] in 0..255; undefined for anything else. */
export function parseHex(hex: string): [number, number, number] | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of a colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number | undefined {
  const rgb = parseHex(hex);
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21; undefined when either is not a colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === undefined || lb === undefined) return undefined;
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

export type ContrastIssue = { token: string; other: string; ratio: number };

/** The checked pairs involving `token` whose contrast is below 4.5:1 in these theme values. */
export function contrastIssues(token: string, values: Record<string, string>): ContrastIssue[] {
  const issues: ContrastIssue[] = [];
  for (const [fg, bg] of THEME_CONTRAST_PAIRS) {
    if (fg !== token && bg !== token) continue;
    const ratio = contrastRatio(values[fg] ?? '', values[bg] ?? '');
    if (ratio !== undefined && ratio < MIN_CONTRAST) issues.push({ token, other: fg === token ? bg : fg, ratio });
  }
  return issues;
}
