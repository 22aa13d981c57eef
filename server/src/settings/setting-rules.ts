import { LOG_LEVELS } from '../logging/log-levels.ts';
import { AdSlotsSettingSchema, CUSTOM_CODE_MAX_CHARS, LandingSettingsSchema } from '@kosh/contracts';
import { z, type ZodType } from 'zod';
import { ALL_SETTINGS } from './settings.defaults.ts';

/** Keys whose values are credentials: encrypted at rest, never sent back, shown only as set or not. */
export const isSecretSetting = (key: string): boolean =>
  key === 'recaptcha.secret_key' ||
  key === 'mail.smtp.password' ||
  /^social\.[a-z]+\.client_secret$/.test(key) ||
  /^billing\.[a-z]+\.(secret_key|webhook_secret|client_secret)$/.test(key);

const count = (max: number) => z.number().int('Give a whole number.').min(0, 'Give 0 or more.').max(max);
const text = (max: number) => z.string().max(max, `Use at most ${max} characters.`);
const webAddress = z.url({ protocol: /^https?$/, error: 'Give an http or https address.' });
/** A MIME pattern (image/*, application/pdf) or an extension (pdf, .pdf). */
const uploadType = z
  .string()
  .trim()
  .regex(/^([\w.+-]+\/(\*|[\w.+-]+)|\.?[\w-]+)$/, 'Give a type such as image/* or application/pdf, or an extension.');
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'Give a domain such as example.com.');
/** Any IANA name ICU knows, aliases included (its canonical list says Asia/Calcutta, not Asia/Kolkata). */
const isTimezone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz);
  } catch {
    return false;
  }
};
/** Where a link of a setting may point: an http(s) address or a path of this site (never //host or javascript:). */
const linkTarget = z
  .string()
  .trim()
  .max(2000)
  .refine((a) => /^https?:\/\/\S+$/.test(a) || /^\/([^\s/]\S*)?$/.test(a), 'Give an https address or a site path.');
/** A logo or favicon: empty (none), an https address or a path of this site, as linkTarget. */
const imageAddress = z.union([z.literal(''), linkTarget]);
const policy = z.object({
  id: z.string().min(1).max(64),
  label: text(100).trim().min(1, 'Give the policy a label.'),
  action: linkTarget,
  type: z.enum(['link', 'route']),
});

/**
 * What a value must be beyond its type, for keys an admin edits. Keys without a rule only keep
 * the type of their default.
 */
export const SETTING_RULES: Readonly<Record<string, ZodType>> = {
  landing: LandingSettingsSchema,
  'branding.site_name': text(100).trim().min(1, 'Give the site a name.'),
  'branding.site_description': text(500),
  'contact.email': z.union([z.literal(''), z.email('Give an email address, or leave it empty.')]),
  'homepage.type': z.enum(['landing', 'login', 'register', 'customPage']),
  'homepage.value': z.string().regex(/^\d+$/, 'Choose a custom page.').nullable(),
  'themes.default_mode': z.enum(['light', 'dark', 'system']),
  'dates.default_timezone': z.string().refine(isTimezone, 'Choose a time zone from the list.'),
  'dates.format': z.enum(['numeric', 'short', 'long', 'full']),
  'i18n.default_localization': z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Choose a language.'),
  'cookie_notice.position': z.enum(['top', 'bottom']),
  'cookie_notice.button': z
    .object({ label: text(60).trim().min(1, 'Give the link a label.'), action: linkTarget })
    .strict(),
  'toast.position': z.enum(['bottom-center', 'bottom-right']),
  'registration.policies': z.array(policy).max(10, 'Keep to 10 policies.'),
  'auth.domain_blacklist': z.array(domain).max(1000),
  'ads.slots': AdSlotsSettingSchema,
  'recaptcha.site_key': text(200).trim(),
  'recaptcha.secret_key': text(200).trim(),
  'billing.stripe.secret_key': z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_\S+$/, 'Give a key that starts with sk_ or rk_.'),
  ]),
  'billing.stripe.webhook_secret': z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, 'Give a secret that starts with whsec_.'),
  ]),
  'billing.paypal.client_id': text(200).trim(),
  'billing.paypal.client_secret': text(200).trim(),
  'billing.paypal.webhook_id': z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,50}$/, 'Give the webhook ID PayPal shows, letters and digits.'),
  ]),
  'billing.paypal.mode': z.enum(['sandbox', 'live'], { error: 'Choose sandbox or live.' }),
  'billing.invoice.company': text(1000),
  'billing.invoice.notes': text(1000),
  'recaptcha.enable': z
    .object({ register: z.boolean(), contact: z.boolean(), link_password: z.boolean().default(false) })
    .strict(),
  'recaptcha.verify_url': webAddress,
  'error_reporting.public_key': z.union([z.literal(''), webAddress]),
  'error_reporting.server_dsn': z.union([z.literal(''), webAddress]),
  'logging.level': z.enum(LOG_LEVELS, { error: 'Choose fatal, error, warn, info, debug, trace or silent.' }),
  'logging.retention_days': z
    .number()
    .int('Give a whole number of days.')
    .min(1, 'Keep logs at least 1 day.')
    .max(365, 'Keep logs at most 365 days.'),
  'error_reporting.traces_sample_rate': z.number().min(0, 'Give 0 to 1.').max(1, 'Give 0 to 1.'),
  'branding.logo_light': imageAddress,
  'branding.logo_dark': imageAddress,
  'branding.logo_light_mobile': imageAddress,
  'branding.logo_dark_mobile': imageAddress,
  'branding.favicon': imageAddress,
  // Served inside every public page's HTML (web/custom-code.ts); 100 KB is far past any real stylesheet or snippet.
  'custom_code.css': text(CUSTOM_CODE_MAX_CHARS),
  'custom_code.html': text(CUSTOM_CODE_MAX_CHARS),
  'seo.title': text(200),
  'seo.description': text(500),
  'seo.shareable_link_page.title': text(200),
  'seo.shareable_link_page.description': text(500),
  'uploads.max_size': count(Number.MAX_SAFE_INTEGER),
  'uploads.allowed_types': z.array(uploadType).max(200),
  'uploads.blocked_types': z.array(uploadType).max(200),
  'uploads.chunk_size': z
    .number()
    .int('Give a whole number of bytes.')
    .min(256 * 1024, 'Give at least 256 KB.')
    .max(1024 ** 3, 'Give at most 1 GB.'),
  'uploads.expiry_hours': z
    .number()
    .int()
    .min(1, 'Give at least 1 hour.')
    .max(24 * 30),
  'drive.trash_purge_days': count(3650),
  'drive.share_suggestions': z.boolean({ error: 'Choose on or off.' }),
  'drive.default_view': z.enum(['list', 'grid']),
  'drive.default_space_bytes': count(Number.MAX_SAFE_INTEGER),
  'downloads.zip_per_user': count(1000),
  'downloads.zip_per_link': count(1000),
  'downloads.zip_per_address': count(1000),
  'downloads.zip_max_entries': count(10_000_000),
  'downloads.zip_max_bytes': count(Number.MAX_SAFE_INTEGER),
  'mail.invitations_per_hour': count(1_000_000),
  'analytics.tracking_id': z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^$|^(G|GT|AW|DC)-[A-Z0-9]{4,20}$|^UA-\d{4,10}-\d{1,4}$/, 'Give a measurement ID such as G-XXXXXXX.'),
  'mail.driver': z.enum(['file', 'smtp']),
  'mail.smtp.host': text(255)
    .trim()
    .regex(/^[\w.-]*$|^\[[\d:a-fA-F.]+\]$/, 'Give a host name or address.'),
  'mail.smtp.port': z.number().int('Give a port number.').min(1, 'Give a port from 1 to 65535.').max(65535),
  'mail.smtp.username': text(255).trim(),
  'mail.smtp.password': text(1000),
  'mail.smtp.encryption': z.enum(['starttls', 'tls', 'none']),
  'mail.from_address': z.email('Give the address mail is sent from.'),
  'mail.from_name': text(100).trim(),
  ...Object.fromEntries(
    ['google', 'facebook', 'twitter', 'envato'].flatMap((p) => [
      [`social.${p}.client_id`, text(500).trim()],
      [`social.${p}.client_secret`, text(1000).trim()],
      [`social.${p}.authorize_url`, webAddress],
      [`social.${p}.token_url`, webAddress],
      [`social.${p}.userinfo_url`, webAddress],
      [`social.${p}.scopes`, text(500)],
      [`social.${p}.issuer`, text(500)],
    ]),
  ),
};

/** Rules across keys, checked on the values as they would be after a change. */
export function crossSettingErrors(values: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (values['homepage.type'] === 'customPage' && !values['homepage.value'])
    errors['homepage.value'] = ['Choose the custom page to show as the homepage.'];
  if (values['mail.driver'] === 'smtp' && !values['mail.smtp.host'])
    errors['mail.smtp.host'] = ["Give the SMTP server that sends Kosh's mail."];
  return errors;
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const article = (k: string) => (/^[aeiou]/.test(k) ? `an ${k}` : `a ${k}`);

/**
 * A value checked for a known key: its default's type first, then the key's rule. The value
 * kept is the rule's output (trimmed, lower-cased); a nested problem names its path.
 */
export function checkSetting(key: string, value: unknown): { value: unknown } | { error: string } {
  const def = ALL_SETTINGS[key];
  if (def !== null && value !== null && kind(def) !== kind(value))
    return { error: `${key} takes ${article(kind(def))}, not ${article(kind(value))}` };
  const rule = SETTING_RULES[key];
  if (!rule) return { value };
  const parsed = rule.safeParse(value);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { error: 'Invalid value.' };
  return { error: issue.path.length ? `${[key, ...issue.path].join('.')}: ${issue.message}` : issue.message };
}
