/**
 * Settings an environment variable may hold instead of the database (credentials an operator
 * keeps in a secrets manager). A variable that is set wins over the stored value; the admin
 * area shows such a key read-only and names the variable.
 */
const PLAIN_VARIABLES: Readonly<Record<string, string>> = {
  'recaptcha.site_key': 'RECAPTCHA_SITE_KEY',
  'recaptcha.secret_key': 'RECAPTCHA_SECRET_KEY',
  'social.google.client_id': 'GOOGLE_CLIENT_ID',
  'social.google.client_secret': 'GOOGLE_CLIENT_SECRET',
  'social.facebook.client_id': 'FACEBOOK_CLIENT_ID',
  'social.facebook.client_secret': 'FACEBOOK_CLIENT_SECRET',
  'social.twitter.client_id': 'TWITTER_CLIENT_ID',
  'social.twitter.client_secret': 'TWITTER_CLIENT_SECRET',
  'social.envato.client_id': 'ENVATO_CLIENT_ID',
  'social.envato.client_secret': 'ENVATO_CLIENT_SECRET',
  'billing.stripe.secret_key': 'STRIPE_SECRET_KEY',
  'billing.stripe.webhook_secret': 'STRIPE_WEBHOOK_SECRET',
  'billing.paypal.client_id': 'PAYPAL_CLIENT_ID',
  'billing.paypal.client_secret': 'PAYPAL_CLIENT_SECRET',
  'billing.paypal.webhook_id': 'PAYPAL_WEBHOOK_ID',
  'billing.paypal.mode': 'PAYPAL_MODE',
  'logging.level': 'LOG_LEVEL',
  'error_reporting.server_dsn': 'SENTRY_DSN',
};

/** The keys SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS) and MAIL_FROM ('Name <address>') stand for. */
const SMTP_KEYS = ['mail.driver', 'mail.smtp.host', 'mail.smtp.port', 'mail.smtp.username', 'mail.smtp.password'];
const FROM_KEYS = ['mail.from_address', 'mail.from_name'];

/** Which variable holds each key it may hold. */
export const SETTING_ENVIRONMENT: Readonly<Record<string, string>> = {
  ...PLAIN_VARIABLES,
  ...Object.fromEntries([...SMTP_KEYS, 'mail.smtp.encryption'].map((key) => [key, 'SMTP_URL'])),
  ...Object.fromEntries(FROM_KEYS.map((key) => [key, 'MAIL_FROM'])),
};

/** The settings an SMTP address stands for; nothing when it cannot be read as one. */
function smtpSettings(address: string): Record<string, unknown> {
  const url = URL.parse(address);
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')) return {};
  const tls = url.protocol === 'smtps:';
  return {
    'mail.driver': 'smtp',
    'mail.smtp.host': url.hostname,
    'mail.smtp.port': url.port ? Number(url.port) : tls ? 465 : 587,
    'mail.smtp.username': decodeURIComponent(url.username),
    'mail.smtp.password': decodeURIComponent(url.password),
    'mail.smtp.encryption': tls ? 'tls' : 'starttls',
  };
}

/** The name and address of 'Name <address>' (or a bare address). */
function fromSettings(from: string): Record<string, unknown> {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match
    ? { 'mail.from_name': match[1] ?? '', 'mail.from_address': match[2]?.trim() }
    : { 'mail.from_name': '', 'mail.from_address': from.trim() };
}

/** The value each set variable gives its keys, by setting key; unset and empty variables are left out. */
export function settingOverrides(env: Record<string, string | undefined>): Record<string, unknown> {
  const value = (variable: string) => env[variable]?.trim() ?? '';
  const plain = Object.entries(PLAIN_VARIABLES)
    .map(([key, variable]) => [key, value(variable)] as const)
    .filter(([, v]) => v !== '');
  const mode = value('PAYPAL_MODE').toLowerCase();
  return {
    ...Object.fromEntries(plain),
    // PayPal's own words for its modes are sandbox and live; anything but live is the sandbox.
    ...(mode ? { 'billing.paypal.mode': mode === 'live' ? 'live' : 'sandbox' } : {}),
    ...(value('SMTP_URL') ? smtpSettings(value('SMTP_URL')) : {}),
    ...(value('MAIL_FROM') ? fromSettings(value('MAIL_FROM')) : {}),
  };
}
