import type { UpdateUserBody, User } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { SessionService } from '../auth/session.service.ts';
import { systemClock, type Clock } from '../clock.ts';
import { forbidden, notFound } from '../http/app-error.ts';
import type { LocalizationsRepository } from '../i18n/localizations.repository.ts';
import type { AccountPresenter } from './account.presenter.ts';
import type { AvatarService } from './avatar.service.ts';
import { checkProfileFields } from './profile-fields.ts';
import { presentImpersonator } from './user.presenter.ts';
import { authorizeAccount, authorizeAccountChange, type HoldsAdmin } from './user-access.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

type Deps = {
  users: UsersRepository;
  presenter: AccountPresenter;
  sessions: SessionService;
  localizations: LocalizationsRepository;
  avatars: AvatarService;
  /** Removes the account with its files (stored bytes queued) in one transaction; never the last admin. */
  eraseAccount: (userId: number) => Promise<void>;
  holdsAdmin: HoldsAdmin;
  clock?: Clock;
};

/** The account settings page: details, the profile prompt, deletion (spec part 1, 2.7). */
export class AccountService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async me(actor: Actor, ctx: RequestContext): Promise<User> {
    const user = actor.requireUser();
    const me = await this.present(await this.load(user.id), actor, ctx);
    const staff = actor.impersonator ? await this.deps.users.getById(actor.impersonator.id) : undefined;
    return staff ? { ...me, impersonator: presentImpersonator(staff) } : me;
  }

  async get(actor: Actor, userId: number, ctx: RequestContext): Promise<User> {
    authorizeAccount(actor, userId);
    return this.present(await this.load(userId), actor, ctx);
  }

  async update(actor: Actor, userId: number, body: UpdateUserBody, ctx: RequestContext): Promise<User> {
    await authorizeAccountChange(actor, userId, this.deps.holdsAdmin);
    const row = await this.load(userId);
    await checkProfileFields(body, row, this.deps.localizations);
    const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<UserRow>;
    for (const key of ['first_name', 'last_name', 'language', 'timezone'] as const)
      if (patch[key] === '') patch[key] = null;
    // A new country drops a state that belonged to the old one.
    if (patch.country_id !== undefined && patch.country_id !== row.country_id && patch.state_id === undefined)
      patch.state_id = null;
    await this.deps.users.update(userId, { ...patch, updated_at: this.clock().toISOString() });
    return this.present(await this.load(userId), actor, ctx);
  }

  /** "Skip" on the profile prompt: counted, so the prompt can back off. */
  async skipProfile(actor: Actor): Promise<void> {
    const user = actor.requireUser();
    await this.deps.users.countProfileSkip(user.id, this.clock().toISOString());
  }

  /** Deletes the caller's own account, with their files, after a recent password confirmation. */
  async delete(actor: Actor, userId: number, ctx: RequestContext): Promise<void> {
    const user = actor.requireUser();
    actor.refuseWhileImpersonated();
    if (user.id !== userId) throw forbidden('You can only delete your own account.');
    await this.deps.sessions.requirePasswordConfirmed(ctx);
    await this.deps.eraseAccount(userId);
  }

  private async load(userId: number): Promise<UserRow> {
    const row = await this.deps.users.getById(userId);
    if (!row) throw notFound('User not found.');
    return row;
  }

  private present(row: UserRow, actor: Actor, ctx: RequestContext): Promise<User> {
    return this.deps.presenter.present(row, { userId: actor.user?.id ?? null, sessionId: ctx.sessionId });
  }
}
