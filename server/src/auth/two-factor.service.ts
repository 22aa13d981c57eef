import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@kosh/contracts';
import type { Actor } from './actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import { conflict, validation } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import type { KeyRing } from './key-ring.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { RotatedSession, SessionService } from './session.service.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';
import type { SecurityNotices } from '../notifications/security-notices.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChunk = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** 21 characters: ten, a dash, ten (spec part 1, 5 "recovery code exactly 21"). */
export const newRecoveryCode = (): string => `${randomChunk(10)}-${randomChunk(10)}`;

/** One 30-second step either side of now, for clocks that drift a little. */
const TOTP_TOLERANCE_SECONDS = 30;
export const INVALID_CODE = 'The provided two factor authentication code was invalid.';
export const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Recovery codes at rest: SHA-256 of each code, which is all sign-in needs. A code carries about
 * 119 random bits (20 of 62 characters), so a plain fast hash cannot be reversed by trying codes,
 * and no key is involved: losing the key file does not lose the way back in. `box` keeps the
 * list for the owner to see again, encrypted under the key outside the database (null once
 * migrated from the old storage: those owners regenerate to see codes).
 */
type StoredCodes = { hashes: string[]; box: string | null };
export const recoveryCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * TOTP two-factor (spec part 1, 4 "Two-factor section"): enabling makes it pending with a
 * secret and 8 recovery codes; a first valid code confirms it. The secret and the codes are
 * stored encrypted; every change needs a recent password confirmation, and enabling, confirming
 * and disabling give the session a new token.
 */
export class TwoFactorService {
  private readonly users: UsersRepository;
  private readonly repo: TwoFactorRepository;
  private readonly keys: KeyRing;
  private readonly sessions: SessionService;
  private readonly settings: SettingsService;
  private readonly notices: SecurityNotices | undefined;
  private readonly clock: Clock;
  constructor(deps: {
    users: UsersRepository;
    repo: TwoFactorRepository;
    keys: KeyRing;
    sessions: SessionService;
    settings: SettingsService;
    notices?: SecurityNotices;
    clock?: Clock;
  }) {
    this.users = deps.users;
    this.repo = deps.repo;
    this.keys = deps.keys;
    this.sessions = deps.sessions;
    this.settings = deps.settings;
    this.notices = deps.notices;
    this.clock = deps.clock ?? systemClock;
  }

  static isEnabled(row: UserRow): boolean {
    return Boolean(row.two_factor_confirmed_at && row.two_factor_secret);
  }

  async enable(actor: Actor, ctx: RequestContext): Promise<RotatedSession | null> {
    const row = await this.sensitive(actor, ctx);
    if (TwoFactorService.isEnabled(row)) throw conflict('Two factor authentication is already enabled.');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.repo.setPending(
      row.id,
      await this.keys.encrypt(generateSecret()),
      await this.storedCodes(codes),
      this.clock().toISOString(),
    );
    return this.sessions.rotate(ctx);
  }

  /** The QR code and setup key, only while setup is pending: an enabled secret never leaves again. */
  async qrCode(actor: Actor, ctx: RequestContext): Promise<{ svg: string; secret: string }> {
    const row = await this.sensitive(actor, ctx);
    if (!row.two_factor_secret || row.two_factor_confirmed_at)
      throw conflict('Two factor authentication is not being set up. Enable it first.');
    const secret = await this.keys.decrypt(row.two_factor_secret);
    const issuer = await this.settings.get<string>('branding.site_name');
    const uri = generateURI({ issuer, label: row.email, secret });
    const { default: QRCode } = await import('qrcode');
    return { svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }), secret };
  }

  async confirm(actor: Actor, ctx: RequestContext, code: string): Promise<RotatedSession | null> {
    const row = await this.sensitive(actor, ctx);
    if (!row.two_factor_secret) throw conflict('Two factor authentication is not being set up. Enable it first.');
    if (row.two_factor_confirmed_at) throw conflict('Two factor authentication is already enabled.');
    const result = await verify({
      secret: await this.keys.decrypt(row.two_factor_secret),
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    });
    if (!result.valid) throw validation({ code: [INVALID_CODE] });
    await this.repo.confirm(row.id, 'timeStep' in result ? result.timeStep : 0, this.clock().toISOString());
    await this.notices?.twoFactorChanged(row.id, true, ctx.baseUrl);
    return this.sessions.rotate(ctx);
  }

  async regenerateRecoveryCodes(actor: Actor, ctx: RequestContext): Promise<void> {
    const row = await this.sensitive(actor, ctx);
    if (!row.two_factor_secret || !row.two_factor_recovery_codes)
      throw conflict('Two factor authentication is not enabled.');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.repo.swapRecoveryCodes(row.id, row.two_factor_recovery_codes, await this.storedCodes(codes));
  }

  async disable(actor: Actor, ctx: RequestContext): Promise<RotatedSession | null> {
    const row = await this.sensitive(actor, ctx);
    await this.repo.clear(row.id, this.clock().toISOString());
    // Only turning off a confirmed setup is news; abandoning a pending one is not.
    if (row.two_factor_confirmed_at) await this.notices?.twoFactorChanged(row.id, false, ctx.baseUrl);
    return this.sessions.rotate(ctx);
  }

  /** A sign-in code: valid now (one step either way) and later than the last one accepted (no replay). */
  async verifyLoginCode(row: UserRow, code: string): Promise<boolean> {
    if (!row.two_factor_secret) return false;
    const result = await verify({
      secret: await this.keys.decrypt(row.two_factor_secret),
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(row.two_factor_last_time_step !== null ? { afterTimeStep: row.two_factor_last_time_step } : {}),
    });
    if (!result.valid || !('timeStep' in result)) return false;
    return this.repo.advanceTimeStep(row.id, result.timeStep);
  }

  /** Spends a recovery code; each works once, even when two requests race with it. */
  async useRecoveryCode(row: UserRow, code: string): Promise<boolean> {
    if (!row.two_factor_recovery_codes) return false;
    const stored = await this.parseCodes(row.two_factor_recovery_codes);
    const given = recoveryCodeHash(code);
    const index = stored.hashes.findIndex((h) => sameText(h, given));
    if (index < 0) return false;
    const shown = stored.box ? (JSON.parse(await this.keys.decrypt(stored.box)) as string[]) : null;
    const next: StoredCodes = {
      hashes: stored.hashes.filter((_, i) => i !== index),
      box: shown ? await this.keys.encrypt(JSON.stringify(shown.filter((c) => !sameText(c, code)))) : null,
    };
    return this.repo.swapRecoveryCodes(row.id, row.two_factor_recovery_codes, JSON.stringify(next));
  }

  /** The codes for the owner to see: from the encrypted copy; none when only hashes are kept. */
  async recoveryCodesOf(row: UserRow): Promise<string[]> {
    if (!row.two_factor_recovery_codes) return [];
    const { box } = await this.parseCodes(row.two_factor_recovery_codes);
    return box ? (JSON.parse(await this.keys.decrypt(box)) as string[]) : [];
  }

  /**
   * Re-encrypts every two-factor secret and shown-codes copy made under another key than the
   * current one (key rotation, and the move off the in-database key). Answers how many users
   * changed, and how many hold a value no key given opens (a key missing from KOSH_SECRET_KEY_PREVIOUS).
   */
  async reencryptSecrets(): Promise<{ changed: number; unreadable: number }> {
    let changed = 0;
    let unreadable = 0;
    for (const row of await this.repo.listWithSecrets()) {
      try {
        if (await this.reencryptRow(row)) changed++;
      } catch {
        unreadable++;
      }
    }
    return { changed, unreadable };
  }

  private async reencryptRow(row: { id: number; secret: string | null; codes: string | null }): Promise<boolean> {
    const secret =
      row.secret && (await this.keys.isStale(row.secret))
        ? await this.keys.encrypt(await this.keys.decrypt(row.secret))
        : row.secret;
    let codes = row.codes;
    if (codes) {
      const stored = await this.parseCodes(codes);
      if (stored.box && (await this.keys.isStale(stored.box)))
        stored.box = await this.keys.encrypt(await this.keys.decrypt(stored.box));
      codes = JSON.stringify(stored);
    }
    if (secret === row.secret && codes === row.codes) return false;
    return this.repo.replaceSecrets(row.id, { secret: row.secret, codes: row.codes }, { secret, codes });
  }

  private async storedCodes(codes: string[]): Promise<string> {
    const stored: StoredCodes = {
      hashes: codes.map(recoveryCodeHash),
      box: await this.keys.encrypt(JSON.stringify(codes)),
    };
    return JSON.stringify(stored);
  }

  /** The stored form; a box of the old storage (one encrypted list) is read as its hashes and itself. */
  private async parseCodes(value: string): Promise<StoredCodes> {
    if (value.startsWith('{')) return JSON.parse(value) as StoredCodes;
    const codes = JSON.parse(await this.keys.decrypt(value)) as string[];
    return { hashes: codes.map(recoveryCodeHash), box: value };
  }

  private async sensitive(actor: Actor, ctx: RequestContext): Promise<UserRow> {
    const user = actor.requireUser();
    actor.refuseWhileImpersonated();
    await this.sessions.requirePasswordConfirmed(ctx);
    const row = await this.users.getById(user.id);
    if (!row) throw conflict('This account no longer exists.');
    return row;
  }
}
