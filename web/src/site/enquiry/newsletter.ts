/**
 * The newsletter box's address rule (spec part 2, 5): text, an at-sign, text, a dot, text,
 * and no spaces anywhere.
 */
export function isNewsletterEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
