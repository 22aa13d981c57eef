import { z } from 'zod';

/** The settings tabs of the admin area, in the spec's order (part 2, 2); general is the default. */
export const SETTINGS_TABS = [
  'general',
  'subscriptions',
  'localization',
  'authentication',
  'uploading',
  'outgoing-email',
  'cache',
  'analytics',
  'logging',
  'queue',
  'websockets',
  'recaptcha',
  'gdpr',
  'drive',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** How the server runs, for the tabs that show it beside the values they edit. */
export const SettingsStatusSchema = z.object({
  /** APP_URL when set; the tab warns when the browser's origin differs. */
  appUrl: z.string().nullable(),
  storageDriver: z.enum(['local', 's3']),
  /** Whether mail goes out through SMTP (false: written to files); email confirmation needs it. */
  mailConfigured: z.boolean(),
  /** Stripe's mode, told by the configured secret key's prefix (sk_test_, sk_live_, ...); null without one. */
  stripeMode: z.enum(['test', 'live']).nullable(),
});
export type SettingsStatus = z.infer<typeof SettingsStatusSchema>;

/**
 * Every editable setting for staff with settings.update. Secret keys (client secrets, the
 * reCAPTCHA secret) never appear in `settings`: `secrets` says only whether each is set.
 * `environment` names the variable that overrides a key; such a key is shown read-only.
 */
export const AdminSettingsSchema = z.object({
  settings: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.boolean()),
  environment: z.record(z.string(), z.string()),
  status: SettingsStatusSchema,
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/**
 * A change to settings, all or nothing. A secret key takes its new value as a string, '' to
 * clear it; a secret left out is kept. A refusal is 422 with errors on the keys, and a failed
 * live check of credentials on `group:<name>` (group:recaptcha, group:social.google, ...).
 */
export const UpdateSettingsBodySchema = z.object({
  settings: z
    .record(z.string().max(100), z.unknown())
    .refine((v) => Object.keys(v).length > 0, 'Give at least one setting.'),
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;

/** The error key of a credentials group whose live check failed. */
export const settingsGroupErrorKey = (group: string) => `group:${group}`;

// The homepage choice lists pages with AdminCustomPagesSchema (admin-pages.ts).

/**
 * The uploading tab's live view of storage: a test object written, read back and deleted, and
 * (S3) whether the bucket lets this site's origin upload straight to it.
 */
export const StorageStatusSchema = z.object({
  driver: z.enum(['local', 's3']),
  check: z.object({ ok: z.boolean(), message: z.string(), ms: z.number() }),
  /** S3 only: the origin direct uploads come from, whether a CORS rule allows it, and every origin allowed. */
  cors: z.object({ origin: z.string(), allowed: z.boolean(), origins: z.array(z.string()) }).nullable(),
  /** The nginx location downloads are handed to (X_ACCEL_REDIRECT_PREFIX), or null when Node streams them. */
  accelPrefix: z.string().nullable(),
});
export type StorageStatus = z.infer<typeof StorageStatusSchema>;

/** The outgoing-email tab's 'Send a test mail': where it went. */
export const SentTestMailSchema = z.object({ sent_to: z.string() });
export type SentTestMail = z.infer<typeof SentTestMailSchema>;

/** One server process as the websockets tab lists it: its open event streams and its listener. */
export const ServerProcessSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  started_at: z.string(),
  seen_at: z.string(),
  /** Server-sent event streams open (browsers receiving notifications live). */
  clients: z.number().int(),
  /** PostgreSQL: whether its LISTEN connection is open; null on SQLite, where one process needs none. */
  listening: z.boolean().nullable(),
  /** The process that answered this request. */
  current: z.boolean(),
});
export type ServerProcess = z.infer<typeof ServerProcessSchema>;

/** Kosh's realtime channel: server-sent events, carried across processes by LISTEN/NOTIFY on PostgreSQL. */
export const RealtimeStatusSchema = z.object({
  transport: z.literal('server-sent events'),
  hub: z.enum(['postgres', 'in-process']),
  processes: z.array(ServerProcessSchema),
});
export type RealtimeStatus = z.infer<typeof RealtimeStatusSchema>;

/** One in-memory cache of a server process, as the cache tab lists it. */
export const CacheInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** How long an entry lives at most. */
  ttl_seconds: z.number(),
  /** Entries held now by the process that answered. */
  entries: z.number().int(),
});
export const CachesSchema = z.object({
  caches: z.array(CacheInfoSchema),
  /** When an admin last cleared them (every process follows within 15 seconds), or null. */
  cleared_at: z.string().nullable(),
});
export type Caches = z.infer<typeof CachesSchema>;
