import { createCipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { KeyRing } from '../../src/auth/key-ring.ts';
import * as migration from '../../src/db/migrations/0012-auth-trust.ts';
import { loadConfig } from '../../src/config.ts';
import type { Modules } from '../../src/modules.ts';
import { createAccountsApp, enableTwoFactor, newAgent, signIn } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { FIXTURE_INDEX_HTML, startTestRuntime, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { awayFromStepEdge, totpCode } from '../helpers/totp.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

/** Every row of the tables that hold account secrets, as a dump would show them. */
async function dump(modules: Modules): Promise<string> {
  const users = await modules.db.selectFrom('users').selectAll().execute();
  const settings = await modules.db.selectFrom('settings').selectAll().execute();
  return JSON.stringify({ users, settings });
}

/** The settings app.key a dump shows (the key the old storage encrypted with). */
async function appKeyOf(modules: Modules): Promise<string> {
  return String((await modules.settings.repos.settings.get('app.key')) ?? '');
}

describe('secrets at rest', () => {
  // Class: secrets readable from a database dump (recovery codes, TOTP secrets).
  it('leaves a database dump no recovery code or TOTP secret usable without the key file', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const { secret, recoveryCodes } = await enableTwoFactor(agent, user.plainPassword);
    expect(recoveryCodes).toHaveLength(8);
    const text = await dump(t.modules);
    for (const code of [secret, ...recoveryCodes]) expect(text).not.toContain(code);
    const row = await t.modules.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    // Recovery codes: their SHA-256 only (and a copy to show, encrypted under the outside key).
    const stored = JSON.parse(row.two_factor_recovery_codes ?? '') as { hashes: string[]; box: string };
    expect(stored.hashes).toEqual(recoveryCodes.map((c) => createHash('sha256').update(c).digest('hex')));
    // Everything the database holds, app.key included, opens neither the secret nor the codes.
    const fromDump = new KeyRing(async () => ({
      current: (await appKeyOf(t.modules)) || 'x'.repeat(43),
      legacy: await appKeyOf(t.modules),
    }));
    await expect(fromDump.decrypt(row.two_factor_secret ?? '')).rejects.toThrow();
    await expect(fromDump.decrypt(stored.box)).rejects.toThrow();
    // The key lives in DATA_DIR/secret.key, readable by the server's user alone.
    const keyFile = path.join(t.db.dataDir, 'secret.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(text).not.toContain(fs.readFileSync(keyFile, 'utf8').trim());
  });

  // Class: recovery code replay.
  it('signs in with a recovery code once and only once', async () => {
    const user = await createUser(t.modules);
    const setup = newAgent(t);
    await signIn(setup, user.email, user.plainPassword);
    const { recoveryCodes } = await enableTwoFactor(setup, user.plainPassword);
    const first = newAgent(t);
    expect((await signIn(first, user.email, user.plainPassword)).json()).toEqual({ two_factor: true });
    expect((await first.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[2] })).statusCode).toBe(200);
    const again = newAgent(t);
    await signIn(again, user.email, user.plainPassword);
    const replay = await again.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[2] });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.recovery_code).toBeDefined();
    expect((await again.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[3] })).statusCode).toBe(200);
    // The code used is gone from the stored hashes.
    const row = await t.modules.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.two_factor_recovery_codes ?? '').hashes).toHaveLength(6);
  });

  it('re-encrypts a TOTP secret of the former in-database key at start, and two-factor keeps working', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const { secret } = await enableTwoFactor(agent, user.plainPassword);
    // As the old server stored it: AES-256-GCM under a key derived from settings app.key.
    const key = Buffer.from(hkdfSync('sha256', await appKeyOf(t.modules), 'kosh', 'encrypt-at-rest', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const old = ['v1', ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.');
    await t.modules.db.updateTable('users').set({ two_factor_secret: old }).where('id', '=', user.id).execute();
    expect((await t.modules.auth.twoFactor.reencryptSecrets()).changed).toBeGreaterThanOrEqual(1);
    const row = await t.modules.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.two_factor_secret).toMatch(/^v2\./);
    const login = newAgent(t);
    await signIn(login, user.email, user.plainPassword);
    await awayFromStepEdge();
    expect((await login.post('/auth/two-factor-challenge', { code: await totpCode(secret, 1) })).statusCode).toBe(200);
  });
});

describe('migration 0012', () => {
  it('re-stores recovery codes of the old storage as hashes that sign in once, down and up again', async () => {
    const user = await createUser(t.modules);
    const setup = newAgent(t);
    await signIn(setup, user.email, user.plainPassword);
    const { recoveryCodes } = await enableTwoFactor(setup, user.plainPassword);
    const appKey = await appKeyOf(t.modules);
    // The codes as the old server stored them: one JSON list encrypted under settings app.key.
    const key = Buffer.from(hkdfSync('sha256', appKey, 'kosh', 'encrypt-at-rest', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(recoveryCodes), 'utf8'), cipher.final()]);
    const old = ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url')));
    await migration.down(t.modules.db as never);
    await t.modules.db
      .updateTable('users')
      .set({ two_factor_recovery_codes: old.join('.') })
      .where('id', '=', user.id)
      .execute();
    await migration.up(t.modules.db as never);
    const row = await t.modules.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.two_factor_recovery_codes).not.toContain(recoveryCodes[0]);
    expect(JSON.parse(row.two_factor_recovery_codes ?? '')).toEqual({
      hashes: recoveryCodes.map((c) => createHash('sha256').update(c).digest('hex')),
      box: null,
    });
    const login = newAgent(t);
    await signIn(login, user.email, user.plainPassword);
    expect((await login.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[5] })).statusCode).toBe(200);
  });
});

describe('key rotation', () => {
  let db: TestDatabase;
  let running: { app: FastifyInstance; modules: Modules } | null = null;

  /** Starts a server process on the shared database with these keys (the previous one stopped). */
  async function start(env: Record<string, string>) {
    if (running) {
      await running.app.close();
      await running.modules.lifecycle.stop();
    }
    const webDist = path.join(db.dataDir, 'web-dist');
    fs.mkdirSync(webDist, { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), FIXTURE_INDEX_HTML);
    const config = loadConfig({
      DATA_DIR: db.dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ...env,
    });
    const modules = await startTestRuntime(config);
    const app = await buildApp(modules);
    await app.ready();
    running = { app, modules };
    return running;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    if (running) {
      await running.app.close();
      await running.modules.lifecycle.stop();
    }
    await db.drop();
  });

  it('keeps two-factor working across a rotation from KOSH_SECRET_KEY to a new key', async () => {
    const oldKey = randomBytes(32).toString('base64url');
    const newKey = randomBytes(32).toString('base64url');
    const first = await start({ KOSH_SECRET_KEY: oldKey });
    const user = await createUser(first.modules);
    const owner = newAgent({ app: first.app } as TestApp);
    await signIn(owner, user.email, user.plainPassword);
    const { secret, recoveryCodes } = await enableTwoFactor(owner, user.plainPassword);
    const before = await first.modules.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();

    // The new key, with the old one listed as previous: the start re-encrypts under the new key.
    const second = await start({ KOSH_SECRET_KEY: newKey, KOSH_SECRET_KEY_PREVIOUS: oldKey });
    const after = await second.modules.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.two_factor_secret).not.toBe(before.two_factor_secret);
    await expect(new KeyRing(async () => oldKey).decrypt(after.two_factor_secret ?? '')).rejects.toThrow();

    // The old key can go: the new one alone signs in with a code and a recovery code.
    const third = await start({ KOSH_SECRET_KEY: newKey });
    const withCode = newAgent({ app: third.app } as TestApp);
    await signIn(withCode, user.email, user.plainPassword);
    await awayFromStepEdge();
    expect((await withCode.post('/auth/two-factor-challenge', { code: await totpCode(secret, 1) })).statusCode).toBe(
      200,
    );
    const withRecovery = newAgent({ app: third.app } as TestApp);
    await signIn(withRecovery, user.email, user.plainPassword);
    const recovered = await withRecovery.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] });
    expect(recovered.statusCode).toBe(200);
    // The codes are still shown to their owner (their copy moved to the new key too).
    expect(await third.modules.auth.twoFactor.recoveryCodesOf(after)).toEqual(recoveryCodes);
  });
});
