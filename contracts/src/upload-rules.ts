/**
 * Upload limits from settings (spec part 2, 5): size in bytes (0 = none), type patterns. Shared: the
 * server enforces them, the web app checks before sending.
 */
export type UploadRules = { maxSize: number; allowedTypes: string[]; blockedTypes: string[] };

/**
 * Does a pattern match? Patterns with a slash are MIME patterns with an optional
 * wildcard (image/*, application/pdf); others are extensions (pdf, .pdf).
 */
export function matchesPattern(pattern: string, file: { extension: string | null; mimes: string[] }): boolean {
  const p = pattern.trim().toLowerCase();
  if (!p) return false;
  if (p.includes('/')) {
    const re = new RegExp(
      `^${p
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return file.mimes.some((m) => re.test(m.toLowerCase()));
  }
  return file.extension !== null && p.replace(/^\./, '') === file.extension.toLowerCase();
}

/** Blocked when any known type matches a blocked pattern; with an allow list, one must match it. */
export function isTypeAllowed(rules: UploadRules, file: { extension: string | null; mimes: string[] }): boolean {
  if (rules.blockedTypes.some((p) => matchesPattern(p, file))) return false;
  if (rules.allowedTypes.length === 0) return true;
  return rules.allowedTypes.some((p) => matchesPattern(p, file));
}
