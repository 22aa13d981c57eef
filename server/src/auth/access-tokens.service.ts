import { randomBytes } from 'node:crypto';
import { Permission, type AccessToken } from '@kosh/contracts';
import type { Actor } from './actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import { forbidden, notFound } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { AccessTokensRepository } from './access-tokens.repository.ts';
import { sessionIdOf } from './session-token.ts';

/** Personal API tokens (spec part 1, 2.7 "Developers"): shown once, stored as a SHA-256 hash. */
export class AccessTokensService {
  private readonly tokens: AccessTokensRepository;
  private readonly settings: SettingsService;
  private readonly clock: Clock;
  private planCheck: (actor: Actor) => Promise<void> = async () => undefined;
  constructor(tokens: AccessTokensRepository, settings: SettingsService, clock: Clock = systemClock) {
    this.tokens = tokens;
    this.settings = settings;
    this.clock = clock;
  }

  /** Billing's rule for API use (a plan of at least 1 TB while billing is on); wired in modules.ts. */
  requirePlanWith(check: (actor: Actor) => Promise<void>): void {
    this.planCheck = check;
  }

  async create(actor: Actor, name: string): Promise<{ token: AccessToken; plainTextToken: string }> {
    const user = actor.requireUser();
    actor.refuseWhileImpersonated();
    actor.authorize(Permission.apiAccess);
    if (!(await this.settings.get<boolean>('api.integrated')))
      throw forbidden('API access is not enabled on this site.');
    await this.planCheck(actor);
    // The prefix lets secret scanners recognise a leaked token.
    const plainTextToken = `kosh_${randomBytes(30).toString('base64url')}`;
    const row = await this.tokens.create({
      user_id: user.id,
      name,
      token_hash: sessionIdOf(plainTextToken),
      created_at: this.clock().toISOString(),
    });
    const token = { id: row.id, name: row.name, last_used_at: row.last_used_at, created_at: row.created_at };
    return { token, plainTextToken };
  }

  /**
   * Deletes one of the caller's own tokens; anyone else's is "not found". Needs no permission, so
   * revoked users can still clean up.
   */
  async delete(actor: Actor, id: number): Promise<void> {
    const user = actor.requireUser();
    actor.refuseWhileImpersonated();
    if (!(await this.tokens.deleteOfUser(id, user.id))) throw notFound('Token not found.');
  }

  list(actor: Actor): Promise<AccessToken[]> {
    return this.tokens.listOfUser(actor.requireUser().id);
  }
}
