import { Actors } from '../auth/actors.ts';
import { RolesRepository } from '../auth/roles.repository.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';

/** Who exists and what they may do: users, roles, and the actors every other area checks. */
export function createUsersModule(deps: { db: Database; clock?: Clock }) {
  const users = new UsersRepository(deps.db);
  const roles = new RolesRepository(deps.db);
  return {
    repos: { users, roles },
    service: new UsersService(users, roles),
    actors: new Actors({ users, roles, clock: deps.clock }),
  };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
