/**
 * Settings an environment variable may hold instead of the database (credentials an operator
 * keeps in a secrets manager). A variable that is set wins over the stored value; the admin
 * area shows such a key read-only and names the variable.
 */
export const SETTING_ENVIRONMENT: Readonly<Record<string, string>> = {
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
};

/** The value each overriding variable holds, by setting key; unset and empty variables are left out. */
export function settingOverrides(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SETTING_ENVIRONMENT)
      .map(([key, variable]) => [key, env[variable]?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );
}
