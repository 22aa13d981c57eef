import type { AuthModule } from '../../auth/auth.module.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { DriveModule } from '../../drive/drive.module.ts';
import type { LocalizationsRepository } from '../../i18n/localizations.repository.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { AdminModule } from '../admin.module.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { AdminUsersRepository } from './admin-users.repository.ts';
import { AdminUsersService } from './admin-users.service.ts';
import { AdminUserEditor } from './user-editor.service.ts';

/** The admin area's users screens: the list and export, and the changes staff make to accounts. */
export function createAdminUsersModule(deps: {
  db: Database;
  dialect: Dialect;
  admin: AdminModule;
  auth: AuthModule;
  drive: DriveModule;
  settings: SettingsService;
  localizations: LocalizationsRepository;
  clock?: Clock;
}) {
  const { db, dialect, clock } = deps;
  const list = new AdminUsersRepository(db, dialect);
  const accounts = new AccountsRepository(db, dialect);
  const defaultSpace = () => deps.drive.space.defaultSpace();
  return {
    repos: { users: list, accounts },
    list: new AdminUsersService({ repo: list, defaultSpace, clock }),
    editor: new AdminUserEditor({
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
    }),
  };
}

export type AdminUsersModule = ReturnType<typeof createAdminUsersModule>;
