import {
  type AdminRole,
  isAdvancedPermission,
  type ListAdminPermissionsResponse,
  type ListAdminRolesQuery,
  type ListAdminRolesResponse,
  Permission,
  PERMISSION_CATALOG,
  type PermissionName,
  type SaveAdminRole,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { Actors } from '../../auth/actors.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound, validation } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { replaceRolePermissions, resolveGrants, type ResolvedGrant } from '../permission-grants.ts';
import {
  auditRole,
  changedFields,
  presentGrants,
  presentPermissionGroups,
  presentRole,
  presentRoleRow,
} from './roles.presenter.ts';
import type { AdminRolesRepository, RoleRow } from './roles.repository.ts';

export const ROLE_TEXT = {
  notFound: 'Role not found.',
  nameTaken: 'A role with this name already exists.',
  systemName: 'The name of a system role cannot change.',
  systemDelete: 'System roles cannot be deleted.',
  keepDefault: 'New users always get the default role: make another role the default instead.',
  keepGuests: 'Visitors always have the guests role: make another role the guests role instead.',
  bothFlags: 'A role cannot be both the default and the guests role.',
  guestsWithUsers: (n: number) =>
    `This role has ${n} ${n === 1 ? 'user' : 'users'}; the guests role applies to visitors only. Remove them first.`,
  staffOnFlagged: (name: string) =>
    `${name} is a staff permission: the default and guests roles cannot hold it, or everyone who registers or ` +
    'visits would have it.',
  deleteFlagged: 'Make another role the default or guests role before deleting this one.',
  lastAdmin: 'Someone must keep Super admin: give it to another user or role first.',
} as const;

/** What role changes need of the actors: the guest role is cached for a few seconds per process. */
export type GuestRoleCache = Pick<Actors, 'forgetGuestRole'>;

type Source = { actor: Actor; ip: string };

/** Who may read the permission catalog: every screen with a permission selector. */
const SELECTOR_PERMISSIONS = [Permission.rolesUpdate, Permission.usersUpdate, Permission.plansUpdate];

/**
 * Roles in the admin area (permission roles.update): the list, a role with its permissions, and
 * saves that keep the site's invariants under concurrency (one default and one guests role,
 * someone holding Super admin), each change audited in its transaction. Actors are built per
 * request, so a change applies to a user's next call; the guest role is cached 5 s per process:
 * this process forgets it at once, other processes see the change within 5 s.
 */
export class RolesService {
  private readonly repo: AdminRolesRepository;
  private readonly audit: AuditService;
  private readonly guestRole: GuestRoleCache;
  private readonly clock: Clock;
  constructor(deps: { repo: AdminRolesRepository; audit: AuditService; guestRole: GuestRoleCache; clock?: Clock }) {
    this.repo = deps.repo;
    this.audit = deps.audit;
    this.guestRole = deps.guestRole;
    this.clock = deps.clock ?? systemClock;
  }

  /** The permission catalog for roles, a user's permissions and plans. */
  async listPermissions(actor: Actor): Promise<ListAdminPermissionsResponse> {
    if (!SELECTOR_PERMISSIONS.some((p) => actor.can(p))) actor.authorize(Permission.rolesUpdate);
    return { groups: presentPermissionGroups(await this.repo.listPermissions()) };
  }

  async list(actor: Actor, query: ListAdminRolesQuery): Promise<ListAdminRolesResponse> {
    actor.authorize(Permission.rolesUpdate);
    const { rows, page } = await this.repo.list(query);
    const counts = await this.repo.countUsers(rows.map((r) => r.id));
    return { pagination: { ...page, data: rows.map((r) => presentRoleRow(r, counts.get(r.id) ?? 0)) } };
  }

  async get(actor: Actor, roleId: number): Promise<AdminRole> {
    actor.authorize(Permission.rolesUpdate);
    const row = await this.repo.getById(roleId);
    if (!row) throw notFound(ROLE_TEXT.notFound);
    return this.present(row);
  }

  async create(source: Source, body: SaveAdminRole): Promise<AdminRole> {
    source.actor.authorize(Permission.rolesUpdate);
    return this.save(source, null, body);
  }

  /** Replaces the role's fields and permissions; what the body does not list is taken away. */
  async update(source: Source, roleId: number, body: SaveAdminRole): Promise<AdminRole> {
    source.actor.authorize(Permission.rolesUpdate);
    return this.save(source, roleId, body);
  }

  /** Deletes a role that is neither a system role nor flagged; its users lose it. */
  async delete(source: Source, roleId: number): Promise<void> {
    source.actor.authorize(Permission.rolesUpdate);
    await this.repo.withLock(async (trx) => {
      const row = await this.repo.getById(roleId, trx);
      if (!row) throw notFound(ROLE_TEXT.notFound);
      if (row.is_system) throw conflict(ROLE_TEXT.systemDelete);
      if (row.is_default || row.is_guest) throw conflict(ROLE_TEXT.deleteFlagged);
      const grants = presentGrants(await this.repo.listGrants(roleId, trx));
      const usersCount = (await this.repo.countUsers([roleId], trx)).get(roleId) ?? 0;
      await this.repo.delete(roleId, trx);
      if (grants.some((g) => g.name === Permission.admin) && !(await this.repo.hasAdminHolder(trx)))
        throw conflict(ROLE_TEXT.lastAdmin);
      await this.audit.record(
        source,
        {
          action: 'role.delete',
          targetType: 'role',
          targetId: roleId,
          targetLabel: row.name,
          before: { ...auditRole(row, grants), users_count: usersCount },
        },
        trx,
      );
    });
    this.guestRole.forgetGuestRole();
  }

  private async save(source: Source, roleId: number | null, body: SaveAdminRole): Promise<AdminRole> {
    const at = this.clock().toISOString();
    const savedId = await this.repo.withLock(async (trx) => {
      const row = roleId === null ? undefined : await this.repo.getById(roleId, trx);
      if (roleId !== null && !row) throw notFound(ROLE_TEXT.notFound);
      const grants = await this.check(trx, row, body);
      const beforeGrants = row ? presentGrants(await this.repo.listGrants(row.id, trx)) : [];
      const fields = {
        name: body.name,
        description: body.description,
        is_default: +body.default,
        is_guest: +body.guests,
        updated_at: at,
      };
      const afterAudit = auditRole(fields, body.permissions);
      const diff = row ? changedFields(auditRole(row, beforeGrants), afterAudit) : null;
      if (row && !diff?.changed) return row.id;

      // The flags move: the role that had one loses it in this transaction (the database allows one holder).
      const moved = [
        ...(body.default && !row?.is_default ? await this.repo.clearFlag('is_default', roleId ?? 0, at, trx) : []),
        ...(body.guests && !row?.is_guest ? await this.repo.clearFlag('is_guest', roleId ?? 0, at, trx) : []),
      ];
      const id = row ? row.id : (await this.repo.create({ ...fields, created_at: at }, trx)).id;
      if (row) await this.repo.update(id, fields, trx);
      await replaceRolePermissions(trx, id, grants);
      const hadAdmin = beforeGrants.some((g) => g.name === Permission.admin);
      if (hadAdmin && !(await this.repo.hasAdminHolder(trx))) throw validation({ permissions: [ROLE_TEXT.lastAdmin] });

      const target = { targetType: 'role', targetId: id, targetLabel: fields.name };
      if (!row || !diff) await this.audit.record(source, { action: 'role.create', ...target, after: afterAudit }, trx);
      else await this.audit.record(source, { action: 'role.update', ...target, ...diff }, trx);
      for (const other of moved) {
        const flag = other.is_default && body.default ? 'is_default' : 'is_guest';
        await this.audit.record(
          source,
          {
            action: 'role.update',
            targetType: 'role',
            targetId: other.id,
            targetLabel: other.name,
            before: { [flag]: true },
            after: { [flag]: false },
          },
          trx,
        );
      }
      return id;
    });
    this.guestRole.forgetGuestRole();
    const saved = await this.repo.getById(savedId);
    if (!saved) throw notFound(ROLE_TEXT.notFound);
    return this.present(saved);
  }

  /** Every rule a save must keep, answered together as one 422; the resolved grants when all hold. */
  private async check(trx: Database, row: RoleRow | undefined, body: SaveAdminRole): Promise<ResolvedGrant[]> {
    const errors: Record<string, string[]> = {};
    let grants: ResolvedGrant[] = [];
    try {
      grants = await resolveGrants(trx, body.permissions);
    } catch (error) {
      if (!(error instanceof AppError) || !error.errors) throw error;
      Object.assign(errors, error.errors);
    }
    if (row?.is_system && body.name !== row.name) errors.name = [ROLE_TEXT.systemName];
    const isNameTaken = !errors.name && (await this.repo.getByNameInsensitive(body.name, row?.id ?? null, trx));
    if (isNameTaken) errors.name = [ROLE_TEXT.nameTaken];
    if (row?.is_default && !body.default) errors.default = [ROLE_TEXT.keepDefault];
    if (row?.is_guest && !body.guests) errors.guests = [ROLE_TEXT.keepGuests];
    if (body.default && body.guests) errors.guests = [ROLE_TEXT.bothFlags];
    else if (body.guests && row && !row.is_guest) {
      const users = (await this.repo.countUsers([row.id], trx)).get(row.id) ?? 0;
      if (users > 0) errors.guests = [ROLE_TEXT.guestsWithUsers(users)];
    }
    if (body.default || body.guests) {
      body.permissions.forEach((grant, i) => {
        if (isAdvancedPermission(grant.name) && !errors[`permissions.${i}.name`])
          errors[`permissions.${i}.name`] = [
            ROLE_TEXT.staffOnFlagged(PERMISSION_CATALOG[grant.name as PermissionName]?.displayName ?? grant.name),
          ];
      });
    }
    if (Object.keys(errors).length > 0) {
      const onlyName = isNameTaken && Object.keys(errors).length === 1;
      throw validation(errors, onlyName ? { code: 'name_taken' } : {});
    }
    return grants;
  }

  private async present(row: RoleRow): Promise<AdminRole> {
    const [counts, grants] = await Promise.all([this.repo.countUsers([row.id]), this.repo.listGrants(row.id)]);
    return presentRole(row, counts.get(row.id) ?? 0, grants);
  }
}
