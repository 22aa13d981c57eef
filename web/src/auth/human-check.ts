/**
 * The human check of part 1, 5 behind a small adapter: a provider turns the site key into a
 * token; the server verifies it (POST recaptcha/verify) and keeps a one-time proof for the
 * action. reCAPTCHA v3 is the default provider; a page that already has `grecaptcha` (custom
 * code, tests) uses that instead of loading Google's script.
 */
export interface HumanCheckProvider {
  getToken(siteKey: string, action: string): Promise<string | null>;
}

export type HumanCheckSettings = { site_key?: string; enable?: Record<string, boolean> } | undefined;

/** Whether the check runs for this action: a site key is set and the check is on for it. */
export function isHumanCheckEnabled(settings: HumanCheckSettings, action: string): boolean {
  return !!settings?.site_key && settings.enable?.[action] === true;
}

/**
 * Runs the check for an action; true when it passes or is off. Any failure (script blocked,
 * no token, provider says no, network) is false.
 */
export async function passHumanCheck(
  settings: HumanCheckSettings,
  action: string,
  provider: HumanCheckProvider,
  verify: (token: string) => Promise<{ success: boolean }>,
): Promise<boolean> {
  const siteKey = settings?.site_key;
  if (!siteKey || !isHumanCheckEnabled(settings, action)) return true;
  try {
    const token = await provider.getToken(siteKey, action);
    if (!token) return false;
    return (await verify(token)).success === true;
  } catch {
    return false;
  }
}

type Grecaptcha = {
  ready: (fn: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_TIMEOUT_MS = 10_000;
let loading: Promise<Grecaptcha> | undefined;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  if (window.grecaptcha) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('reCAPTCHA did not load')), SCRIPT_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export const recaptchaProvider: HumanCheckProvider = {
  async getToken(siteKey, action) {
    const grecaptcha = await loadRecaptcha(siteKey);
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return grecaptcha.execute(siteKey, { action });
  },
};
