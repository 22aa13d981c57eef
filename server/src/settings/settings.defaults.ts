import { DEFAULT_RESUMABLE_CHUNK_BYTES, FREE_STORAGE_BYTES } from '@kosh/contracts';
import { LANDING_DEFAULTS } from './landing.defaults.ts';

/**
 * Every setting Kosh knows, flat dotted keys with their defaults. Public keys reach the
 * client through bootstrap data; private ones never leave the server.
 */
export const PUBLIC_SETTINGS: Record<string, unknown> = {
  'branding.site_name': 'Kosh',
  'branding.site_description': 'Your files, on a cloud you own.',
  'branding.logo_light': '',
  'branding.logo_dark': '',
  'branding.logo_light_mobile': '',
  'branding.logo_dark_mobile': '',
  'branding.favicon': '/favicon.svg',
  'dates.default_timezone': 'UTC',
  'dates.format': 'short',
  /** landing (the public site), login, register or customPage (homepage.value holds the page id). */
  'homepage.type': 'landing',
  'homepage.value': null,
  'social.google.enable': false,
  'social.facebook.enable': false,
  'social.twitter.enable': false,
  'social.envato.enable': false,
  'social.compact_buttons': false,
  'registration.disable': false,
  'registration.policies': [],
  'recaptcha.site_key': '',
  'recaptcha.enable': { register: false, contact: false, link_password: false },
  require_email_confirmation: false,
  /** Staff (admin.access) must have two-factor sign-in on to use the admin area and its API. */
  'auth.admin_two_factor': false,
  'billing.enable': false,
  // The client offers notifications and their preferences page: both are built.
  'notif.subs.integrated': true,
  'notifications.integrated': true,
  'themes.user_change': true,
  'themes.default_mode': 'light',
  'api.integrated': true,
  'i18n.enable': true,
  'i18n.default_localization': 'en',
  'cookie_notice.enable': true,
  'cookie_notice.position': 'bottom',
  /** The notice's link to the privacy information: a site path or an https address. */
  'cookie_notice.button': { label: 'Learn more', action: '/pages/privacy-policy' },
  'toast.position': 'bottom-center',
  'seo.title': 'Kosh - your files, on a cloud you own',
  'seo.description': 'Store, share and reach your files from any device. 25 GB free, no upload size limit.',
  /** The shareable link page (spec part 2, 2 "SEO pages"): :entryName and :siteName are filled in. */
  'seo.shareable_link_page.title': ':entryName - :siteName',
  'seo.shareable_link_page.description': '":entryName", shared on :siteName.',
  'custom_code.css': '',
  'custom_code.html': '',
  /** Where contact and reseller enquiries are mailed; empty: the first admin's address. */
  'contact.email': '',
  'demo.enable': false,
  'demo.email': '',
  'demo.password': '',
  secondary_redirect: null,
  'error_reporting.public_key': '',
  'error_reporting.traces_sample_rate': 0.2,
  /** Upload limits (spec part 2, 5), public so the uploader can check before sending: bytes, 0 = no limit. */
  'uploads.max_size': 0,
  /** MIME patterns with a wildcard (image/*) or extensions (pdf); empty allows every type. */
  'uploads.allowed_types': [],
  'uploads.blocked_types': [],
  /** Resumable (tus) uploads for files of 2 MB and more (spec part 2, 4). */
  'uploads.resumable': true,
  /** Bytes per resumable PATCH (spec part 2, 9: "comes from settings"). */
  'uploads.chunk_size': DEFAULT_RESUMABLE_CHUNK_BYTES,
  /** Days an entry stays in trash before the purge job deletes it for good (0 = never); the trash says so. */
  'drive.trash_purge_days': 30,
  /** How the drive lists entries for someone who has not chosen (list or grid). */
  'drive.default_view': 'list',
  /** The Share dialog suggests people the user already shares files or workspaces with (off: type every address). */
  'drive.share_suggestions': false,
  /** Direct uploads to S3; bootstrap answers true only when the storage driver is S3. */
  'uploads.direct_upload': true,
  /** The landing page's texts, images and calls to action (spec part 2, 2), one object. */
  landing: LANDING_DEFAULTS,
};

/**
 * OAuth 2 endpoints and credentials of each social sign-in provider (spec part 1, 2.3). The
 * endpoints default to the providers' own; `issuer` is the `iss` of ID tokens a provider returns.
 */
const SOCIAL_PROVIDER_DEFAULTS: Record<
  string,
  { authorize_url: string; token_url: string; userinfo_url: string; scopes: string; issuer: string }
> = {
  google: {
    authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_url: 'https://oauth2.googleapis.com/token',
    userinfo_url: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: 'openid email profile',
    issuer: 'https://accounts.google.com',
  },
  facebook: {
    authorize_url: 'https://www.facebook.com/v19.0/dialog/oauth',
    token_url: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfo_url: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: 'email public_profile',
    issuer: 'https://www.facebook.com',
  },
  twitter: {
    authorize_url: 'https://twitter.com/i/oauth2/authorize',
    token_url: 'https://api.twitter.com/2/oauth2/token',
    userinfo_url: 'https://api.twitter.com/2/users/me',
    scopes: 'users.read tweet.read',
    issuer: 'https://twitter.com',
  },
  envato: {
    authorize_url: 'https://api.envato.com/authorization',
    token_url: 'https://api.envato.com/token',
    userinfo_url: 'https://api.envato.com/v1/market/private/user/username.json',
    scopes: '',
    issuer: 'https://api.envato.com',
  },
};
const SOCIAL_PROVIDER_SETTINGS: Record<string, unknown> = Object.fromEntries(
  Object.entries(SOCIAL_PROVIDER_DEFAULTS).flatMap(([service, endpoints]) => [
    [`social.${service}.client_id`, ''],
    [`social.${service}.client_secret`, ''],
    ...Object.entries(endpoints).map(([key, value]) => [`social.${service}.${key}`, value]),
  ]),
);

export const PRIVATE_SETTINGS: Record<string, unknown> = {
  /** Secret for signing; generated on first start. */
  'app.key': '',
  /** When an admin last cleared the caches; every process clears its own when it changes. */
  'cache.cleared_at': null,
  'recaptcha.secret_key': '',
  /** Stripe's secret API key and the signing secret of Kosh's webhook endpoint (STRIPE_* win). */
  'billing.stripe.secret_key': '',
  'billing.stripe.webhook_secret': '',
  /** PayPal's REST app: client id and secret, the id of Kosh's webhook there, sandbox or live (PAYPAL_* win). */
  'billing.paypal.client_id': '',
  'billing.paypal.client_secret': '',
  'billing.paypal.webhook_id': '',
  'billing.paypal.mode': 'sandbox',
  /** The seller's name, address and tax id, a line each, heading every invoice; empty: the site's name. */
  /** How much the server logs (LOG_LEVEL wins), and how many days rotated log files are kept. */
  'logging.level': 'info',
  'logging.retention_days': 14,
  /** Where the server's unexpected errors are reported (a Sentry-compatible DSN; SENTRY_DSN wins); empty: nowhere. */
  'error_reporting.server_dsn': '',
  'billing.invoice.company': '',
  /** A note printed at the foot of every invoice (payment terms, thanks). */
  'billing.invoice.notes': '',
  'recaptcha.verify_url': 'https://www.google.com/recaptcha/api/siteverify',
  'drive.default_space_bytes': FREE_STORAGE_BYTES,
  /** ZIP downloads streaming at once per signed-in user, per shareable link and per client address (0 = no cap). */
  'downloads.zip_per_user': 3,
  'downloads.zip_per_link': 5,
  'downloads.zip_per_address': 3,
  /** Entries and bytes one ZIP download may hold (0 = no cap); past them the download is refused before it starts. */
  'downloads.zip_max_entries': 10_000,
  'downloads.zip_max_bytes': 20 * 1024 ** 3,
  /** Hours an unfinished upload (tus or direct) lives after its last activity; its space is reserved meanwhile. */
  'uploads.expiry_hours': 24,
  /** Invitation mails to addresses without an account the whole site sends an hour (0 = no cap). */
  'mail.invitations_per_hour': 200,
  /** Whether people hear (in the app and by mail, per their preferences) that something was shared with them. */
  'drive.share_notifications': true,
  /** A Google tag measurement ID (G-XXXXXXX) for the public pages; empty: no analytics. */
  'analytics.tracking_id': '',
  /** How mail leaves: through an SMTP server, or written as .eml files under DATA_DIR/mail. */
  'mail.driver': 'file',
  'mail.smtp.host': '',
  'mail.smtp.port': 587,
  'mail.smtp.username': '',
  'mail.smtp.password': '',
  /** starttls (upgrade on 587), tls (from the first byte, 465) or none (trusted local relays only). */
  'mail.smtp.encryption': 'starttls',
  'mail.from_address': 'no-reply@localhost',
  'mail.from_name': 'Kosh',
  /** Email domains that may not register (lower case, e.g. mailinator.com); subdomains included. */
  'auth.domain_blacklist': [],
  /** Ads (spec part 2, 6): off until staff turn them on; each slot's ad network code, served at /ads/:slot. */
  'ads.disable': true,
  'ads.slots': { landing_top: '', drive: '', link_page: '' },
  ...SOCIAL_PROVIDER_SETTINGS,
};

export const ALL_SETTINGS: Record<string, unknown> = { ...PUBLIC_SETTINGS, ...PRIVATE_SETTINGS };

export const isKnownSetting = (key: string): boolean => Object.hasOwn(ALL_SETTINGS, key);
/** Keys the server manages itself: never listed or changed through the API. */
export const INTERNAL_SETTINGS = new Set(['app.key', 'cache.cleared_at']);
export const isPrivateSetting = (key: string): boolean => Object.hasOwn(PRIVATE_SETTINGS, key);
