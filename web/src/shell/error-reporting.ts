import type { ClientSettings } from '@kosh/contracts';

/** The trace sample rate when the setting gives none (spec part 1, 9). */
export const DEFAULT_TRACES_SAMPLE_RATE = 0.2;

type Sentry = typeof import('@sentry/browser');
let sentry: Sentry | undefined;

/** How errors are reported, or null when no public key (DSN) is configured: then nothing is loaded or sent. */
export function errorReportingOptions(
  settings: ClientSettings['error_reporting'] | undefined,
): { dsn: string; tracesSampleRate: number } | null {
  const dsn = settings?.public_key?.trim();
  if (!dsn) return null;
  const rate = settings?.traces_sample_rate;
  const tracesSampleRate = typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : DEFAULT_TRACES_SAMPLE_RATE;
  return { dsn, tracesSampleRate };
}

/**
 * Starts reporting the web app's errors to a Sentry-compatible service, only when the site
 * configured a public key; the SDK is loaded then, never on the first load of a site without one.
 */
export async function startErrorReporting(settings: ClientSettings['error_reporting'] | undefined): Promise<void> {
  const options = errorReportingOptions(settings);
  if (!options) return;
  const loaded = await import('@sentry/browser');
  loaded.init({ ...options, integrations: [loaded.browserTracingIntegration()] });
  sentry = loaded;
}

/** Reports an error the app caught itself (a page that failed to render), when reporting is on. */
export function reportError(error: unknown): void {
  sentry?.captureException(error);
}
