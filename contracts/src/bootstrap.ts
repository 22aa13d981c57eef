import { z } from 'zod';
import { ThemeSchema } from './theme.ts';
import { MenuSchema } from './menu.ts';
import { UserSchema } from './user.ts';
import { UploadSettingsSchema } from './uploads.ts';
import { LandingSettingsSchema } from './landing.ts';
import { ClientAdsSchema } from './ads.ts';

export const LocalizationSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  name: z.string(),
});
export type Localization = z.infer<typeof LocalizationSchema>;

/** Settings the client reads (part 1, 1 and 3). Every key here is public. */
export const ClientSettingsSchema = z.object({
  base_url: z.string(),
  dates: z.object({ default_timezone: z.string(), format: z.string() }),
  branding: z.object({
    site_name: z.string(),
    site_description: z.string(),
    logo_light: z.string(),
    logo_dark: z.string(),
    logo_light_mobile: z.string(),
    logo_dark_mobile: z.string(),
    favicon: z.string(),
  }),
  homepage: z.object({ type: z.enum(['landing', 'login', 'register', 'customPage']), value: z.string().nullable() }),
  social: z.object({
    google: z.object({ enable: z.boolean() }),
    facebook: z.object({ enable: z.boolean() }),
    twitter: z.object({ enable: z.boolean() }),
    envato: z.object({ enable: z.boolean() }),
    compact_buttons: z.boolean(),
  }),
  registration: z.object({
    disable: z.boolean(),
    policies: z.array(z.object({ id: z.string(), label: z.string(), action: z.string(), type: z.string() })),
  }),
  recaptcha: z.object({ site_key: z.string(), enable: z.record(z.string(), z.boolean()) }),
  require_email_confirmation: z.boolean(),
  /** Staff must turn on two-factor sign-in before the admin area opens for them. */
  auth: z.object({ admin_two_factor: z.boolean() }).optional(),
  billing: z.object({ enable: z.boolean() }),
  notif: z.object({ subs: z.object({ integrated: z.boolean() }) }),
  notifications: z.object({
    integrated: z.boolean(),
    /** The VAPID public key browsers subscribe to Web Push with (the private key stays on the server). */
    vapid_public_key: z.string().optional(),
  }),
  themes: z.object({ user_change: z.boolean(), default_mode: z.enum(['light', 'dark', 'system']) }),
  api: z.object({ integrated: z.boolean() }),
  i18n: z.object({ enable: z.boolean(), default_localization: z.string() }),
  cookie_notice: z.object({
    enable: z.boolean(),
    position: z.enum(['top', 'bottom']),
    /** The notice's link to privacy information: a site path or an https address. */
    button: z.object({ label: z.string(), action: z.string() }).optional(),
  }),
  toast: z.object({ position: z.enum(['bottom-center', 'bottom-right']) }),
  seo: z.object({
    title: z.string(),
    description: z.string(),
    /** The shareable link page's (part 2, 2); :entryName and :siteName are placeholders. */
    shareable_link_page: z.object({ title: z.string(), description: z.string() }).optional(),
  }),
  custom_code: z.object({ css: z.string(), html: z.string() }),
  contact: z.object({ email: z.string() }),
  demo: z.object({ enable: z.boolean(), email: z.string(), password: z.string() }),
  secondary_redirect: z.string().nullable(),
  error_reporting: z.object({ public_key: z.string(), traces_sample_rate: z.number() }),
  /** Upload limits (part 2, 5) and the method choice (part 2, 4): see UploadSettingsSchema. */
  uploads: UploadSettingsSchema,
  /** Days trashed entries are kept before they are deleted for good (0: kept until the user empties the trash). */
  drive: z.object({
    trash_purge_days: z.number(),
    /** The view for someone who has not chosen one. */
    default_view: z.enum(['list', 'grid']).optional(),
    /** Whether the Share dialog suggests the addresses of people the user already shares with. */
    share_suggestions: z.boolean().optional(),
  }),
  /** The landing page's texts, images and calls to action (part 2, 2). */
  landing: LandingSettingsSchema,
  menus: z.array(MenuSchema),
});
export type ClientSettings = z.infer<typeof ClientSettingsSchema>;

export const BootstrapDataSchema = z.object({
  user: UserSchema.nullable(),
  guest_role: z.object({ id: z.number().int(), permissions: UserSchema.shape.permissions }).nullable(),
  settings: ClientSettingsSchema,
  themes: z.object({ all: z.array(ThemeSchema), default_id: z.number().int().nullable() }),
  cookie_notice: z.object({ enable: z.boolean() }),
  is_mobile_device: z.boolean(),
  i18n: z.object({ language: z.string(), name: z.string(), lines: z.record(z.string(), z.string()) }),
  localizations: z.array(LocalizationSchema),
  csrf_token: z.string(),
  /** The ad slots this visitor sees (part 2, 6 "ads"); the ad code itself stays on the server. */
  ads: ClientAdsSchema.optional(),
});
export type BootstrapData = z.infer<typeof BootstrapDataSchema>;

/** A query the server answered for a page it drew, under the web app's key for that query. */
export type SsrQuery = { key: readonly unknown[]; data: unknown };

/**
 * What the server assumed of the device when it drew a page's HTML (the public pages, for
 * visitors): the web app's first render in the browser draws the same, then the real values.
 */
export type SsrHints = {
  /** A phone, going by the Sec-CH-UA-Mobile hint or the user agent. */
  mobile: boolean;
  /** The theme the page was drawn in: the one a device that prefers light resolves to. */
  theme: number | null;
  /** The cookie notice choice the request carried, if any. */
  cookieNotice?: string;
};
