const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Human size in steps of 1024 from B to YB (part 1, 9; part 2, 9). */
export function formatBytes(bytes: number, decimals = 1): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  const rounded = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
  return `${rounded} ${SIZE_UNITS[unit]}`;
}

/** Replaces `:name` placeholders (longest names first, so :count does not eat :countries). */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  const keys = Object.keys(values).sort((a, b) => b.length - a.length);
  return keys.reduce((out, key) => out.split(`:${key}`).join(String(values[key])), text);
}

/** True when the path is sent without the api/v1 prefix (part 1, 7.1). */
export function isUnprefixedPath(path: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return true;
  const clean = path.replace(/^\/+/, '');
  return ['auth', 'secure', 'log-viewer', 'horizon', 'api/v1'].some((p) => clean === p || clean.startsWith(`${p}/`));
}

/** True for a time zone name this runtime knows (IANA names and UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
