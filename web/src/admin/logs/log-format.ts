/** A duration as people read it: 840 ms, 2.4 s, 3 min 5 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  // Rounded before the unit is chosen, so 59 960 ms reads 1 min 0 s rather than 60.0 s.
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(ms / 1000);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** An interval in its largest whole unit: 1 h, 15 min, 1 d. */
export function formatInterval(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000} d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return formatDuration(ms);
}

/** What a run reported, as indented JSON; nothing when it reported nothing. */
export function runOutputText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  return typeof output === 'string' ? output : JSON.stringify(output, null, 2);
}
