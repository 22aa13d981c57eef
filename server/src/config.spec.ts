import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readSecretKeys } from './config.ts';

const S3_ENV = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'kosh',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

/** The ConfigError loadConfig throws for `env`, and the variables its message lists (one a line). */
function rejection(env: NodeJS.ProcessEnv): { error: ConfigError; variables: string[] } {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid environment:');
    const variables = lines.slice(1).map((line) => /^ {2}([A-Z0-9_]+): \S/.exec(line)?.[1] ?? `unparsed: ${line}`);
    return { error: error as ConfigError, variables: variables.sort() };
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      appUrl: undefined,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      storageDriver: 'local',
      s3: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      },
      xAccelRedirectPrefix: undefined,
      smtpUrl: undefined,
      mailFrom: 'Kosh <no-reply@localhost>',
      adminEmail: undefined,
      adminPassword: undefined,
      debug: false,
      trustProxy: false,
      logLevel: 'info',
      webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
      webPushAllowedHosts: [],
      secretKey: undefined,
      secretKeyFile: path.resolve('./data/secret.key'),
      previousSecretKeys: [],
      settingOverrides: {},
    });
  });

  it('reads a complete valid environment', () => {
    const config = loadConfig({
      ...S3_ENV,
      PORT: '3000',
      HOST: '127.0.0.1',
      APP_URL: 'https://drive.example.com/',
      DATA_DIR: '/srv/kosh',
      DATABASE_URL: 'postgresql://kosh:pw@db:5432/kosh',
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: 'off',
      X_ACCEL_REDIRECT_PREFIX: '/_kosh_files/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Drive <drive@example.com>',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'long enough',
      APP_DEBUG: 'yes',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      WEB_PUSH_ALLOWED_HOSTS: ' 127.0.0.1, Push.Local ,',
      WEB_DIST_DIR: '/srv/web',
      KOSH_SECRET_KEY: 'k'.repeat(32),
      KOSH_SECRET_KEY_PREVIOUS: ' old-one ,older-one,',
      RECAPTCHA_SECRET_KEY: ' from-env ',
      GOOGLE_CLIENT_ID: '',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'https://drive.example.com',
      dataDir: '/srv/kosh',
      databaseUrl: 'postgresql://kosh:pw@db:5432/kosh',
      storageDriver: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        bucket: 'kosh',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
      xAccelRedirectPrefix: '/_kosh_files/',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Drive <drive@example.com>',
      adminEmail: 'admin@example.com',
      adminPassword: 'long enough',
      debug: true,
      trustProxy: true,
      logLevel: 'debug',
      webDistDir: '/srv/web',
      webPushAllowedHosts: ['127.0.0.1', 'push.local'],
      secretKey: 'k'.repeat(32),
      secretKeyFile: '/srv/kosh/secret.key',
      previousSecretKeys: ['old-one', 'older-one'],
      settingOverrides: { 'recaptcha.secret_key': 'from-env' },
    });
  });

  it('refuses a KOSH_SECRET_KEY shorter than 32 characters', () => {
    expect(() => loadConfig({ KOSH_SECRET_KEY: 'short' })).toThrow(/KOSH_SECRET_KEY: must be at least 32 characters/);
  });

  it('takes empty DATABASE_URL and X_ACCEL_REDIRECT_PREFIX as unset, and ignores unknown variables', () => {
    const config = loadConfig({ DATABASE_URL: '', X_ACCEL_REDIRECT_PREFIX: '', PATH: '/usr/bin', KOSH_UNKNOWN: 'x' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.xAccelRedirectPrefix).toBeUndefined();
  });

  it('throws one ConfigError that names every invalid variable', () => {
    const { error, variables } = rejection({
      PORT: 'abc',
      APP_URL: 'not a url',
      DATABASE_URL: 'nonsense',
      STORAGE_DRIVER: 'ftp',
      S3_FORCE_PATH_STYLE: 'maybe',
      X_ACCEL_REDIRECT_PREFIX: 'files',
      ADMIN_EMAIL: 'admin',
      ADMIN_PASSWORD: 'short',
      APP_DEBUG: 'verbose',
      TRUST_PROXY: 'sometimes',
      LOG_LEVEL: 'loud',
      HOST: '0.0.0.0',
    });
    expect(variables).toEqual(
      [
        'PORT',
        'APP_URL',
        'DATABASE_URL',
        'STORAGE_DRIVER',
        'S3_FORCE_PATH_STYLE',
        'X_ACCEL_REDIRECT_PREFIX',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'APP_DEBUG',
        'TRUST_PROXY',
        'LOG_LEVEL',
      ].sort(),
    );
    expect(error.message).toContain('PORT: must be a port number from 0 to 65535');
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(error.name).toBe('ConfigError');
  });

  it.each(['-1', '65536', '80.5', 'abc'])('refuses PORT=%s', (port) => {
    expect(rejection({ PORT: port }).variables).toEqual(['PORT']);
  });

  it('names each S3 variable the s3 driver lacks', () => {
    expect(rejection({ STORAGE_DRIVER: 's3', S3_BUCKET: 'kosh' }).variables).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(rejection({ ...S3_ENV, S3_BUCKET: '' }).variables).toEqual(['S3_BUCKET']);
  });

  it('lists the missing S3 variables beside the other invalid ones', () => {
    const { variables } = rejection({ ...S3_ENV, S3_BUCKET: undefined, PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(variables).toEqual(['LOG_LEVEL', 'PORT', 'S3_BUCKET']);
  });

  it('does not ask for S3 variables with the local driver', () => {
    expect(loadConfig({ STORAGE_DRIVER: 'local' }).storageDriver).toBe('local');
  });
});

describe('readSecretKeys', () => {
  it('creates DATA_DIR/secret.key once, readable by the owner alone, and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, KOSH_SECRET_KEY_PREVIOUS: 'old' });
      const first = readSecretKeys(config);
      expect(first.current.length).toBeGreaterThanOrEqual(32);
      expect(first.previous).toEqual(['old']);
      expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(readSecretKeys(config).current).toBe(first.current);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prefers KOSH_SECRET_KEY and then writes no file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-key-'));
    try {
      const key = 'e'.repeat(40);
      expect(readSecretKeys(loadConfig({ DATA_DIR: dir, KOSH_SECRET_KEY: key })).current).toBe(key);
      expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
