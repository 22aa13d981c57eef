import type { Logger } from 'pino';
import type { Actors } from '../../auth/actors.ts';
import type { AuthModule } from '../../auth/auth.module.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { DriveModule } from '../../drive/drive.module.ts';
import type { PlanAllowance } from '../../drive/space.service.ts';
import type { LocalizationsRepository } from '../../i18n/localizations.repository.ts';
import type { SecurityNotices } from '../../notifications/security-notices.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { AccountModule } from '../../users/account.module.ts';
import type { AdminModule } from '../admin.module.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { AdminUsersRepository } from './admin-users.repository.ts';
import { AdminUsersService } from './admin-users.service.ts';
import { UserDeletion } from './user-deletion.service.ts';
import { Impersonation } from './impersonation.service.ts';
import { AdminUserEditor } from './user-editor.service.ts';
import { AdminUserAvatar } from './user-avatar.service.ts';
import { UserSecurity } from './user-security.service.ts';
import { UserSuspension } from './user-suspension.service.ts';

/** The admin area's users screens: the list and export, and the changes staff make to accounts. */
export function createAdminUsersModule(deps: {
  db: Database;
  dialect: Dialect;
  admin: AdminModule;
  auth: AuthModule;
  account: AccountModule;
  actors: Actors;
  drive: DriveModule;
  settings: SettingsService;
  localizations: LocalizationsRepository;
  /** The free plan's space (billing). */
  plans: Pick<PlanAllowance, 'freePlanSpace'>;
  /** Cancels the user's subscriptions at the gateway before their account goes (billing). */
  cancelSubscriptions: (userId: number) => Promise<void>;
  /** The security notice a user gets when their two-factor sign-in is turned off. */
  notices?: SecurityNotices;
  logger: Logger;
  clock?: Clock;
}) {
  const { db, dialect, clock } = deps;
  const list = new AdminUsersRepository(db, dialect);
  const accounts = new AccountsRepository(db, dialect);
  // What a user with no override, plan of their own or restriction gets: the free plan while billing is
  // on, else the default space (drive/space.service.ts allowedSpace).
  const defaultSpace = async () => (await deps.plans.freePlanSpace()) ?? deps.drive.space.defaultSpace();
  const isBillingOn = async () => !!(await deps.settings.get<boolean>('billing.enable'));
  const editor = new AdminUserEditor({
    db,
    dialect,
    accounts,
    list,
    audit: deps.admin.audit,
    verification: deps.auth.emailVerification,
    settings: deps.settings,
    localizations: deps.localizations,
    defaultSpace,
    clock,
  });
  return {
    repos: { users: list, accounts },
    list: new AdminUsersService({ repo: list, defaultSpace, isBillingOn, clock }),
    editor,
    avatar: new AdminUserAvatar({
      accounts,
      avatars: deps.account.avatars,
      audit: deps.admin.audit,
      show: (actor, userId) => editor.show(actor, userId),
    }),
    suspension: new UserSuspension({ db, dialect, accounts, list, audit: deps.admin.audit, defaultSpace, clock }),
    security: new UserSecurity({
      db,
      dialect,
      accounts,
      list,
      sessions: deps.auth.repos.sessions,
      tokens: deps.auth.repos.accessTokens,
      passwords: deps.auth.passwords,
      notices: deps.notices,
      audit: deps.admin.audit,
      defaultSpace,
      clock,
    }),
    impersonation: new Impersonation({
      db,
      dialect,
      accounts,
      sessions: deps.auth.sessions,
      sessionsRepo: deps.auth.repos.sessions,
      actors: deps.actors,
      audit: deps.admin.audit,
      clock,
    }),
    deletion: new UserDeletion({
      db,
      dialect,
      accounts,
      audit: deps.admin.audit,
      deletions: deps.drive.storageDeletions,
      avatars: deps.account.avatars,
      cancelSubscriptions: deps.cancelSubscriptions,
      logger: deps.logger,
      clock,
    }),
  };
}

export type AdminUsersModule = ReturnType<typeof createAdminUsersModule>;
