import {
  type ChangeAdminRoleUsersResponse,
  type ListAdminRoleCandidatesQuery,
  type ListAdminRoleCandidatesResponse,
  type ListAdminRoleUsersQuery,
  type ListAdminRoleUsersResponse,
  Permission,
  ROLE_CANDIDATES_LIMIT,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { presentPerson, presentRoleUser } from './roles.presenter.ts';
import type { AdminRolesRepository, RoleRow } from './roles.repository.ts';
import { ROLE_TEXT } from './roles.service.ts';

export const ROLE_USERS_TEXT = {
  guests: 'Users cannot be assigned to the guests role: it applies to visitors who are not logged in.',
  lastAdmin: 'Taking these users out of the role would leave no one with Super admin.',
} as const;

type Source = { actor: Actor; ip: string };
type Result = ChangeAdminRoleUsersResponse['results'][number];

/**
 * A role's users (permission roles.update): the paginated list, candidates to assign, and bulk
 * assignment and removal answering a result per id. Nobody is taken out of a role when that would
 * leave the site without a holder of Super admin.
 */
export class RoleUsersService {
  private readonly repo: AdminRolesRepository;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  constructor(deps: { repo: AdminRolesRepository; audit: AuditService; clock?: Clock }) {
    this.repo = deps.repo;
    this.audit = deps.audit;
    this.clock = deps.clock ?? systemClock;
  }

  async list(actor: Actor, roleId: number, query: ListAdminRoleUsersQuery): Promise<ListAdminRoleUsersResponse> {
    actor.authorize(Permission.rolesUpdate);
    await this.assignable(roleId);
    const { rows, page } = await this.repo.listUsers(roleId, query);
    return { pagination: { ...page, data: rows.map(presentRoleUser) } };
  }

  /** Up to 20 users outside the role matching the search, by email: the "Assign users" dialog. */
  async candidates(
    actor: Actor,
    roleId: number,
    query: ListAdminRoleCandidatesQuery,
  ): Promise<ListAdminRoleCandidatesResponse> {
    actor.authorize(Permission.rolesUpdate);
    await this.assignable(roleId);
    const rows = await this.repo.listCandidates(roleId, query.query, ROLE_CANDIDATES_LIMIT);
    return { users: rows.map(presentPerson) };
  }

  /** Assigns the users; those already in the role and unknown ids are skipped and say so. */
  async add(source: Source, roleId: number, ids: number[]): Promise<ChangeAdminRoleUsersResponse> {
    source.actor.authorize(Permission.rolesUpdate);
    const at = this.clock().toISOString();
    return this.repo.withLock(async (trx) => {
      const role = await this.assignable(roleId, trx);
      const { wanted, found, members } = await this.lookUp(trx, roleId, ids);
      const added = wanted.filter((id) => found.has(id) && !members.has(id));
      await this.repo.addUsers(roleId, added, at, trx);
      if (added.length)
        await this.audit.record(
          source,
          { action: 'role.users_add', ...this.target(role), after: { users: added.map((id) => found.get(id)) } },
          trx,
        );
      const results = wanted.map(
        (id): Result => ({
          id,
          status: !found.has(id) ? 'not_found' : members.has(id) ? 'already_in_role' : 'added',
        }),
      );
      return { results, users_count: await this.usersCount(roleId, trx) };
    });
  }

  /** Takes the users out of the role; ids not in it are skipped and say so. */
  async remove(source: Source, roleId: number, ids: number[]): Promise<ChangeAdminRoleUsersResponse> {
    source.actor.authorize(Permission.rolesUpdate);
    return this.repo.withLock(async (trx) => {
      const role = await this.assignable(roleId, trx);
      const { wanted, found, members } = await this.lookUp(trx, roleId, ids);
      const removed = wanted.filter((id) => members.has(id));
      await this.repo.removeUsers(roleId, removed, trx);
      const grantsAdmin = (await this.repo.listGrants(roleId, trx)).some((g) => g.name === Permission.admin);
      if (removed.length && grantsAdmin && !(await this.repo.hasAdminHolder(trx)))
        throw conflict(ROLE_USERS_TEXT.lastAdmin);
      if (removed.length)
        await this.audit.record(
          source,
          { action: 'role.users_remove', ...this.target(role), before: { users: removed.map((id) => found.get(id)) } },
          trx,
        );
      const results = wanted.map(
        (id): Result => ({
          id,
          status: !found.has(id) ? 'not_found' : members.has(id) ? 'removed' : 'not_in_role',
        }),
      );
      return { results, users_count: await this.usersCount(roleId, trx) };
    });
  }

  /** The role, when it exists and takes users (404, or 409 for the guests role). */
  private async assignable(roleId: number, db?: Database): Promise<RoleRow> {
    const role = await this.repo.getById(roleId, db);
    if (!role) throw notFound(ROLE_TEXT.notFound);
    if (role.is_guest) throw conflict(ROLE_USERS_TEXT.guests);
    return role;
  }

  /** The ids asked for once each, in order; which users exist (id and email); which the role has. */
  private async lookUp(trx: Database, roleId: number, ids: number[]) {
    const wanted = [...new Set(ids)];
    const users = await this.repo.existingUsers(wanted, trx);
    const found = new Map(users.map((u) => [u.id, { id: u.id, email: u.email }]));
    const members = await this.repo.membersAmong(roleId, wanted, trx);
    return { wanted, found, members };
  }

  private target(role: RoleRow) {
    return { targetType: 'role', targetId: role.id, targetLabel: role.name };
  }

  private async usersCount(roleId: number, db: Database) {
    return (await this.repo.countUsers([roleId], db)).get(roleId) ?? 0;
  }
}
