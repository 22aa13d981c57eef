import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { settingOverrides } from './settings/setting-environment.ts';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const PORT_MESSAGE = 'must be a port number from 0 to 65535';

/** Variables the S3 driver cannot work without. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int({ error: PORT_MESSAGE })
    .min(0, { error: PORT_MESSAGE })
    .max(65535, { error: PORT_MESSAGE })
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolish.default(true),
  /**
   * Behind nginx: downloads of local-disk files answer with X-Accel-Redirect: PREFIX + key and
   * nginx sends the bytes (sendfile). PREFIX is an `internal` location aliasing DATA_DIR/files/.
   */
  X_ACCEL_REDIRECT_PREFIX: z
    .string()
    .regex(/^\/[\w./-]*\/$/, 'must be a location path starting and ending with /, e.g. /_kosh_files/')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kosh <no-reply@localhost>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * The key that encrypts two-factor secrets and signs cookies, kept out of the database. Without
   * it, DATA_DIR/secret.key is created at first start (mode 0600) and used.
   */
  KOSH_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Keys being rotated out (comma-separated): they still open and verify what they made. */
  KOSH_SECRET_KEY_PREVIOUS: z.string().default(''),
  APP_DEBUG: boolish.default(false),
  /** Trust X-Forwarded-* (only behind a reverse proxy; otherwise clients could fake their address). */
  TRUST_PROXY: boolish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Hosts a Web Push endpoint may name although they are internal or plain http (comma-separated,
   * e.g. 127.0.0.1 for tests). Empty in production: endpoints must be public https addresses.
   */
  WEB_PUSH_ALLOWED_HOSTS: z.string().default(''),
  /** Another address for Stripe's API (a proxy or a local stand-in); Stripe's own when unset. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Another address for PayPal's REST API (a local stand-in); PayPal's own for the mode when unset. */
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the built web app lives; tests may point elsewhere. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  storageDriver: 'local' | 's3';
  s3: {
    endpoint?: string;
    region: string;
    bucket?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /** nginx internal location for X-Accel-Redirect downloads; undefined streams from Node. */
  xAccelRedirectPrefix: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  debug: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  /** Hosts Web Push endpoints may name over http or on internal addresses (tests only). */
  webPushAllowedHosts: string[];
  /** KOSH_SECRET_KEY, or undefined to use `secretKeyFile`; read through readSecretKeys. */
  secretKey: string | undefined;
  secretKeyFile: string;
  previousSecretKeys: string[];
  /** Stripe's API address when it is not Stripe's own. */
  stripeApiUrl: string | undefined;
  /** PayPal's API address when it is not PayPal's own. */
  paypalApiUrl: string | undefined;
  /** Settings held by environment variables (settings/setting-environment.ts), by setting key. */
  settingOverrides: Record<string, unknown>;
};

/** The environment is unusable; the message lists every invalid variable, one a line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once, listing every invalid variable (fails fast). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Read from the raw variables, so that they are listed beside any other invalid one.
  if (env.STORAGE_DRIVER === 's3')
    for (const k of S3_REQUIRED) if (!env[k]) problems.push(`${k}: required when STORAGE_DRIVER=s3`);
  if (!parsed.success || problems.length)
    throw new ConfigError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const e = parsed.data;
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: e.APP_URL?.replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storageDriver: e.STORAGE_DRIVER,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    xAccelRedirectPrefix: e.X_ACCEL_REDIRECT_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    debug: e.APP_DEBUG,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist')),
    webPushAllowedHosts: e.WEB_PUSH_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secretKey: e.KOSH_SECRET_KEY,
    secretKeyFile: path.join(path.resolve(e.DATA_DIR), 'secret.key'),
    previousSecretKeys: e.KOSH_SECRET_KEY_PREVIOUS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    stripeApiUrl: e.STRIPE_API_URL,
    paypalApiUrl: e.PAYPAL_API_URL,
    settingOverrides: settingOverrides(env),
  };
}

/**
 * The secret keys: KOSH_SECRET_KEY, else DATA_DIR/secret.key, created on first use with 32
 * random bytes, readable and writable by the server's user alone (0600). Never stored in the database.
 */
export function readSecretKeys(config: Config): { current: string; previous: string[] } {
  const previous = config.previousSecretKeys;
  if (config.secretKey) return { current: config.secretKey, previous };
  try {
    fs.mkdirSync(path.dirname(config.secretKeyFile), { recursive: true });
    // 'wx' fails when the file exists: two processes starting at once keep the first one's key.
    fs.writeFileSync(config.secretKeyFile, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const current = fs.readFileSync(config.secretKeyFile, 'utf8').trim();
  if (current.length < 32)
    throw new ConfigError(`${config.secretKeyFile}: the secret key must be at least 32 characters`);
  return { current, previous };
}
