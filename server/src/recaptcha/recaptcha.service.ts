import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { sessionIdOf } from '../auth/session-token.ts';
import type { HumanCheckClient } from './recaptcha.client.ts';
import type { HumanChecksRepository } from './human-checks.repository.ts';

export const HUMAN_CHECK_SECONDS = 10 * 60;
/** The cookie that holds the proof of a passed check until registration spends it. */
export const HUMAN_CHECK_COOKIE = 'kosh_human';
/** reCAPTCHA v3 scores below this look automated; v2 answers carry no score. */
const MIN_SCORE = 0.5;
export const NOT_HUMAN = 'Could not verify you are human.';

/** The human check before registration (spec part 1, 4 "Register" and 5 "Human check"). */
export class RecaptchaService {
  private readonly settings: SettingsService;
  private readonly checks: HumanChecksRepository;
  private readonly client: HumanCheckClient;
  private readonly clock: Clock;
  constructor(deps: {
    settings: SettingsService;
    checks: HumanChecksRepository;
    client: HumanCheckClient;
    clock?: Clock;
  }) {
    this.settings = deps.settings;
    this.checks = deps.checks;
    this.client = deps.client;
    this.clock = deps.clock ?? systemClock;
  }

  /** Whether `action` (register, contact) needs the check: a site key is set and the check is on for it. */
  async isRequiredFor(action: string): Promise<boolean> {
    const siteKey = await this.settings.get<string>('recaptcha.site_key');
    const enabled = await this.settings.get<Record<string, boolean>>('recaptcha.enable');
    return Boolean(siteKey) && enabled?.[action] === true;
  }

  /** Verifies a token with the provider; on success answers a nonce that one later action may spend. */
  async verify(token: string, remoteIp: string): Promise<{ success: boolean; nonce?: string }> {
    if (!(await this.passesProvider(token, remoteIp))) return { success: false };
    const nonce = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.clock().getTime() + HUMAN_CHECK_SECONDS * 1000);
    await this.checks.create(sessionIdOf(nonce), expiresAt.toISOString());
    return { success: true, nonce };
  }

  /** Spends a passed check: the nonce from recaptcha/verify, or a token verified right now. */
  async spend(input: { nonce: string | undefined; token: string | undefined; remoteIp: string }): Promise<boolean> {
    if (input.token) return this.passesProvider(input.token, input.remoteIp);
    if (!input.nonce || input.nonce.length > 200) return false;
    return this.checks.consume(sessionIdOf(input.nonce), this.clock().toISOString());
  }

  private async passesProvider(token: string, remoteIp: string): Promise<boolean> {
    const secret = await this.settings.get<string>('recaptcha.secret_key');
    if (!secret) return false;
    const url = await this.settings.get<string>('recaptcha.verify_url');
    const result = await this.client.verify({ url, secret, token, remoteIp });
    return result.success && (result.score === undefined || result.score >= MIN_SCORE);
  }
}
