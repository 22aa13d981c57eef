import Stripe from 'stripe';
import { paypalBaseUrl } from '../billing/paypal/paypal-client.ts';
import { stripeAddressOptions } from '../billing/stripe/stripe-gateway.ts';
import { MAIL_SETTING_KEYS, mailSettingsOf, smtpPlace } from '../mail/mail-settings.ts';

/** Settings as they would be after a change: flat keys, secrets in the clear. */
export type SettingValues = Readonly<Record<string, unknown>>;

/** The site's address (for callback addresses) and the acting admin's, who receives test mail. */
export type CheckContext = {
  baseUrl: string;
  to: string | null;
  /** The test mail the SMTP check sends (template settings_test); without it, the default wording. */
  testMail?: () => Promise<{ subject: string; text: string; html?: string }>;
  /** Where Stripe's API is asked instead of api.stripe.com (STRIPE_API_URL, a stand-in in tests). */
  stripeApiUrl?: string;
  /** Where PayPal's API is asked instead of PayPal's own for the mode (PAYPAL_API_URL). */
  paypalApiUrl?: string;
};
export const DEFAULT_TEST_MAIL = {
  subject: 'Test mail from Kosh',
  text: 'Kosh sent this message to check its outgoing email settings. They work: mail will go out this way.',
};

/**
 * A live test of credentials before they are saved: which keys belong to it, whether the values
 * call for it (a provider that is off is not tried), and the test itself, answering why it failed.
 */
export type CredentialCheck = {
  group: string;
  covers: (key: string) => boolean;
  applies: (values: SettingValues) => boolean;
  run: (values: SettingValues, ctx: CheckContext) => Promise<string | null>;
};

const TIMEOUT_MS = 10_000;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const hostOf = (url: string) => URL.parse(url)?.host ?? url;

async function post(url: string, body: URLSearchParams, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, json };
}

const unreachable = (name: string, url: string, error: unknown) =>
  `Could not reach ${name} at ${hostOf(url)}: ${error instanceof Error ? error.message : String(error)}.`;

/**
 * reCAPTCHA: siteverify with the secret and a token that cannot pass. A wrong secret answers
 * `invalid-input-secret`; a right one only refuses the token.
 */
const recaptcha: CredentialCheck = {
  group: 'recaptcha',
  covers: (key) => key.startsWith('recaptcha.'),
  applies: (v) => str(v['recaptcha.secret_key']) !== '',
  async run(v) {
    const url = str(v['recaptcha.verify_url']);
    try {
      const { status, json } = await post(
        url,
        new URLSearchParams({ secret: str(v['recaptcha.secret_key']), response: 'kosh-settings-check' }),
      );
      const codes = Array.isArray(json?.['error-codes']) ? (json['error-codes'] as unknown[]) : [];
      if (codes.includes('invalid-input-secret') || codes.includes('missing-input-secret'))
        return 'reCAPTCHA refused the secret key.';
      if (status >= 400 || !json) return `reCAPTCHA answered ${status} to the check of the secret key.`;
      return null;
    } catch (error) {
      return unreachable('reCAPTCHA', url, error);
    }
  },
};

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  envato: 'Envato',
};

/**
 * A social provider: its token endpoint with the client's id and secret and a code that cannot
 * be valid. Providers answer `invalid_client` (or 401) to credentials they do not know, and
 * `invalid_grant` or `invalid_request` to known ones.
 */
function socialProvider(service: string): CredentialCheck {
  const key = (name: string) => `social.${service}.${name}`;
  const name = PROVIDER_NAMES[service] ?? service;
  return {
    group: `social.${service}`,
    covers: (k) => k.startsWith(`social.${service}.`),
    applies: (v) => v[key('enable')] === true,
    async run(v, ctx) {
      const clientId = str(v[key('client_id')]);
      const secret = str(v[key('client_secret')]);
      if (!clientId) return `Give the client ID ${name} issued for this site.`;
      const url = str(v[key('token_url')]);
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'kosh-settings-check',
        redirect_uri: `${ctx.baseUrl}/secure/auth/social/${service}/callback`,
      });
      const headers: Record<string, string> = {};
      if (service === 'twitter')
        headers.authorization = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      else {
        body.set('client_id', clientId);
        body.set('client_secret', secret);
      }
      try {
        const { status, json } = await post(url, body, headers);
        const error = str(json?.error);
        if (status === 401 || error === 'invalid_client' || error === 'unauthorized_client')
          return `${name} refused the client ID or secret.`;
        if (status >= 500) return `${name} answered ${status} to the check of the client ID and secret.`;
        return null;
      } catch (error) {
        return unreachable(name, url, error);
      }
    },
  };
}

/**
 * Outgoing mail through SMTP: the server is asked whether it takes the connection and login,
 * then a test message goes to the admin making the change, so a typo is found before mail is lost.
 */
const mail: CredentialCheck = {
  group: 'mail',
  covers: (key) => (MAIL_SETTING_KEYS as readonly string[]).includes(key),
  applies: (v) => v['mail.driver'] === 'smtp',
  async run(v, ctx) {
    const settings = mailSettingsOf(v);
    const nodemailer = await import('nodemailer');
    const transport = nodemailer.createTransport(settings.smtp);
    try {
      await transport.verify();
      if (ctx.to)
        await transport.sendMail({
          from: settings.from.name ? settings.from : settings.from.address,
          to: ctx.to,
          ...(ctx.testMail ? await ctx.testMail() : DEFAULT_TEST_MAIL),
        });
      return null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return `Mail could not be sent through ${smtpPlace(settings)}: ${reason}`;
    } finally {
      transport.close();
    }
  },
};

/**
 * Stripe: the secret key reads the account's balance through the official SDK, a cheap call any
 * full key may make. A key Stripe does not know answers 401; a restricted key without the right
 * to read balances answers 403, yet Stripe knew it.
 */
const stripe: CredentialCheck = {
  group: 'stripe',
  covers: (key) => key.startsWith('billing.stripe.'),
  applies: (v) => str(v['billing.stripe.secret_key']) !== '',
  async run(v, ctx) {
    const webhookSecret = str(v['billing.stripe.webhook_secret']);
    if (webhookSecret && !webhookSecret.startsWith('whsec_'))
      return 'The webhook signing secret Stripe shows starts with whsec_.';
    const client = new Stripe(str(v['billing.stripe.secret_key']), {
      ...stripeAddressOptions(ctx.stripeApiUrl),
      maxNetworkRetries: 0,
      timeout: TIMEOUT_MS,
    });
    try {
      await client.balance.retrieve();
      return null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeAuthenticationError) return 'Stripe refused this secret key.';
      if (error instanceof Stripe.errors.StripePermissionError) return null;
      if (error instanceof Stripe.errors.StripeConnectionError || !(error instanceof Stripe.errors.StripeError))
        return `Could not reach Stripe at ${hostOf(ctx.stripeApiUrl ?? 'https://api.stripe.com')}.`;
      return `Stripe answered ${error.statusCode ?? 'an error'} to the check of the secret key: ${error.message}`;
    }
  },
};

/**
 * PayPal: the client id and secret ask for an access token, as every call of Kosh's does; PayPal
 * answers 401 invalid_client to a pair it does not know (in the chosen mode).
 */
const paypal: CredentialCheck = {
  group: 'paypal',
  covers: (key) => key.startsWith('billing.paypal.'),
  applies: (v) => str(v['billing.paypal.client_id']) !== '' && str(v['billing.paypal.client_secret']) !== '',
  async run(v, ctx) {
    const mode = v['billing.paypal.mode'] === 'live' ? 'live' : 'sandbox';
    const url = `${ctx.paypalApiUrl ?? paypalBaseUrl(mode)}/v1/oauth2/token`;
    const basic = Buffer.from(`${str(v['billing.paypal.client_id'])}:${str(v['billing.paypal.client_secret'])}`);
    try {
      const { status } = await post(url, new URLSearchParams({ grant_type: 'client_credentials' }), {
        authorization: `Basic ${basic.toString('base64')}`,
      });
      if (status === 401) return `PayPal refused this client ID and secret in ${mode} mode.`;
      if (status >= 400) return `PayPal answered ${status} to the check of the client ID and secret.`;
      return null;
    } catch (error) {
      return unreachable('PayPal', url, error);
    }
  },
};

/** Every live check, in the order their errors are listed. */
export const CREDENTIAL_CHECKS: readonly CredentialCheck[] = [
  mail,
  recaptcha,
  stripe,
  paypal,
  ...Object.keys(PROVIDER_NAMES).map(socialProvider),
];
