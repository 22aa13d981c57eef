import type { Actors } from '../../auth/actors.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { RoleUsersService } from './role-users.service.ts';
import { AdminRolesRepository } from './roles.repository.ts';
import { RolesService } from './roles.service.ts';

/** The admin area's roles: the permission catalog, roles and their users. */
export function createAdminRolesModule(deps: {
  db: Database;
  dialect: Dialect;
  audit: AuditService;
  actors: Pick<Actors, 'forgetGuestRole'>;
  clock?: Clock;
}) {
  const repo = new AdminRolesRepository(deps.db, deps.dialect);
  return {
    repos: { roles: repo },
    roles: new RolesService({ repo, audit: deps.audit, guestRole: deps.actors, clock: deps.clock }),
    users: new RoleUsersService({ repo, audit: deps.audit, clock: deps.clock }),
  };
}

export type AdminRolesModule = ReturnType<typeof createAdminRolesModule>;
