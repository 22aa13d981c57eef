/** Addresses in typed or pasted text: split on commas, semicolons, spaces and new lines. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^<|>$/g, ''))
    .filter(Boolean);
}

/** Text, an at-sign, text, a dot, text, no spaces (the shape the spec asks of an email address). */
export const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Adds addresses to the chips, lower-cased and without repeats. */
export function addChips(chips: readonly string[], text: string): string[] {
  const next = [...chips];
  for (const address of splitAddresses(text)) {
    const lower = address.toLowerCase();
    if (!next.includes(lower)) next.push(lower);
  }
  return next;
}
