import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { DriveModule } from '../../drive/drive.module.ts';
import { AdminUsersRepository } from './admin-users.repository.ts';
import { AdminUsersService } from './admin-users.service.ts';

/** The admin area's users screens: the list and export, and the changes staff make to accounts. */
export function createAdminUsersModule(deps: { db: Database; dialect: Dialect; drive: DriveModule; clock?: Clock }) {
  const repo = new AdminUsersRepository(deps.db, deps.dialect);
  return {
    repos: { users: repo },
    list: new AdminUsersService({ repo, defaultSpace: () => deps.drive.space.defaultSpace(), clock: deps.clock }),
  };
}

export type AdminUsersModule = ReturnType<typeof createAdminUsersModule>;
