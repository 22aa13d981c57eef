import {
  type AdminUserDetail,
  type CreateAdminUserBody,
  Permission,
  type PermissionGrant,
  type UpdateAdminUserBody,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { hashPassword } from '../../auth/password.ts';
import type { EmailVerificationService } from '../../auth/email-verification.service.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { isUniqueViolation } from '../../http/driver-errors.ts';
import { conflict, notFound, validation } from '../../http/app-error.ts';
import type { LocalizationsRepository } from '../../i18n/localizations.repository.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { checkProfileFields } from '../../users/profile-fields.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import { type ResolvedGrant, replaceUserPermissions, resolveGrants } from '../permission-grants.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { guardAdminTarget } from './admin-targets.ts';
import { grantsOf, presentAdminUserDetail } from './admin-user.presenter.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const LAST_ADMIN =
  'This is the only account holding the admin permission. Give it to another user first, so the site keeps an admin.';
const USER_NOT_FOUND = 'User not found.';

type Deps = {
  db: Database;
  dialect: Dialect;
  accounts: AccountsRepository;
  list: AdminUsersRepository;
  audit: AuditService;
  verification: Pick<EmailVerificationService, 'sendCode'>;
  settings: Pick<SettingsService, 'get'>;
  localizations: Pick<LocalizationsRepository, 'getByLanguage'>;
  defaultSpace: () => Promise<number>;
  clock?: Clock;
};

/** The fields of an update that are plain columns of users. */
const PROFILE = ['first_name', 'last_name', 'available_space', 'language', 'country_id', 'timezone'] as const;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Staff create users and edit them (admin area, users: the details, permissions and date tabs),
 * permission users.update. Every change is written with its audit row in one transaction, no
 * change may leave the site without a holder of admin, and admin accounts and the admin
 * permission are for admins to change (admin-targets.ts).
 */
export class AdminUserEditor {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async show(actor: Actor, userId: number): Promise<AdminUserDetail> {
    actor.authorize(Permission.usersUpdate);
    return this.detail(await this.load(userId));
  }

  async create(source: AuditSource, body: CreateAdminUserBody): Promise<AdminUserDetail> {
    source.actor.authorize(Permission.usersUpdate);
    const { accounts } = this.deps;
    await this.checkRoles(body.roles ?? []);
    if (await accounts.emailTaken(body.email)) throw validation({ email: [EMAIL_TAKEN] });
    const verified = body.email_verified ?? !(await this.deps.settings.get<boolean>('require_email_confirmation'));
    const password = await hashPassword(body.password);
    const at = this.now();
    try {
      const row = await immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
        const created = await accounts.insert(
          {
            email: body.email,
            password,
            first_name: body.first_name || null,
            last_name: body.last_name || null,
            available_space: body.available_space ?? null,
            email_verified_at: verified ? at : null,
            created_at: at,
            updated_at: at,
          },
          trx,
        );
        const fallback = body.roles?.length ? null : await accounts.getDefaultRole(trx);
        const roles = body.roles?.length ? [...new Set(body.roles)] : fallback ? [fallback.id] : [];
        await accounts.replaceRoles(created.id, roles, at, trx);
        await guardAdminTarget(source.actor, accounts, created.id, trx);
        await this.deps.audit.record(
          source,
          {
            action: 'user.create',
            targetType: 'user',
            targetId: created.id,
            targetLabel: created.email,
            after: {
              email: created.email,
              first_name: created.first_name,
              last_name: created.last_name,
              roles,
              available_space: created.available_space,
              email_verified: verified,
            },
          },
          trx,
        );
        return created;
      });
      return this.detail(row);
    } catch (error) {
      // Another staff member took the address between the check and the insert.
      if (isUniqueViolation(error)) throw validation({ email: [EMAIL_TAKEN] });
      throw error;
    }
  }

  /**
   * Changes the fields given; roles and direct permissions, when given, replace the current ones.
   * Refused with 409 when it would leave nobody holding admin.
   */
  async update(source: AuditSource, userId: number, body: UpdateAdminUserBody): Promise<AdminUserDetail> {
    source.actor.authorize(Permission.usersUpdate);
    const { accounts } = this.deps;
    const current = await this.load(userId);
    if (body.roles) await this.checkRoles(body.roles);
    const grants = body.permissions ? await resolveGrants(this.deps.db, body.permissions) : null;
    await checkProfileFields(body, current, this.deps.localizations);
    const at = this.now();
    await immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      const touchesAdmin = Boolean(body.roles || grants);
      if (touchesAdmin) await accounts.lockAdminHolders(trx);
      const row = await accounts.lockUser(userId, trx);
      if (!row) throw notFound(USER_NOT_FOUND);
      await guardAdminTarget(source.actor, accounts, userId, trx);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const patch: Partial<UserRow> = {};
      for (const key of PROFILE) {
        const value = body[key] === '' ? null : body[key];
        if (value === undefined || value === row[key]) continue;
        Object.assign(patch, { [key]: value });
        before[key] = row[key];
        after[key] = value;
      }
      // A new country drops a state that belonged to the old one, as on the account page.
      if (patch.country_id !== undefined) patch.state_id = null;
      if (body.email_verified !== undefined && body.email_verified !== Boolean(row.email_verified_at)) {
        patch.email_verified_at = body.email_verified ? at : null;
        before.email_verified = !body.email_verified;
        after.email_verified = body.email_verified;
      }
      if (Object.keys(patch).length) await accounts.update(userId, { ...patch, updated_at: at }, trx);
      if (body.roles) await this.replaceRoles(userId, [...new Set(body.roles)], at, trx, before, after);
      if (grants && body.permissions) await this.replaceGrants(userId, body.permissions, grants, trx, before, after);
      if (touchesAdmin) await guardAdminTarget(source.actor, accounts, userId, trx);
      if (touchesAdmin && !(await accounts.anyAdmin(trx))) throw conflict(LAST_ADMIN);
      if (!Object.keys(after).length) return;
      await this.deps.audit.record(
        source,
        { action: 'user.update', targetType: 'user', targetId: userId, targetLabel: row.email, before, after },
        trx,
      );
    });
    return this.detail(await this.load(userId));
  }

  /** Mails a fresh verification code to a user who has not verified their address; 409 once verified. */
  async sendVerification(source: AuditSource, userId: number): Promise<void> {
    source.actor.authorize(Permission.usersUpdate);
    const row = await this.load(userId);
    if (row.email_verified_at) throw conflict('This user has already verified their email address.');
    await this.deps.verification.sendCode(row);
    await this.deps.audit.record(source, {
      action: 'user.verification_mail',
      targetType: 'user',
      targetId: row.id,
      targetLabel: row.email,
    });
  }

  private async replaceRoles(
    userId: number,
    roles: number[],
    at: string,
    trx: Database,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): Promise<void> {
    const was = await this.deps.accounts.roleIdsOf(userId, trx);
    const next = [...roles].sort((a, b) => a - b);
    if (sameJson(was, next)) return;
    await this.deps.accounts.replaceRoles(userId, next, at, trx);
    before.roles = was;
    after.roles = next;
  }

  private async replaceGrants(
    userId: number,
    given: PermissionGrant[],
    grants: ResolvedGrant[],
    trx: Database,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): Promise<void> {
    const was = grantsOf(await this.deps.accounts.directGrantsOf(userId, trx));
    const next = [...given].sort((a, b) => a.name.localeCompare(b.name));
    if (sameJson(was, next)) return;
    await replaceUserPermissions(trx, userId, grants);
    before.permissions = was;
    after.permissions = next;
  }

  /** 422 naming each role id that is unknown, or the guest role (it is the visitors'). */
  private async checkRoles(roleIds: number[]): Promise<void> {
    const found = new Map((await this.deps.accounts.rolesByIds(roleIds)).map((r) => [r.id, r]));
    const errors: Record<string, string[]> = {};
    roleIds.forEach((id, i) => {
      const role = found.get(id);
      if (!role) errors[`roles.${i}`] = [`There is no role with id ${id}.`];
      else if (role.is_guest) errors[`roles.${i}`] = ['The guest role is for visitors and cannot be given to a user.'];
    });
    if (Object.keys(errors).length) throw validation(errors);
  }

  private async load(userId: number): Promise<UserRow> {
    const row = await this.deps.accounts.getById(userId);
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  }

  private detail(row: UserRow): Promise<AdminUserDetail> {
    const { list, accounts, defaultSpace } = this.deps;
    return presentAdminUserDetail(row, { list, accounts, defaultSpace, at: this.clock() });
  }

  private now(): string {
    return this.clock().toISOString();
  }
}
