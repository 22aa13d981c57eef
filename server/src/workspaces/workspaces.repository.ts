import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import { displayName } from '../shares/shares.repository.ts';
import type { WorkspaceInvitesTable, WorkspaceMembersTable, WorkspacesTable } from '../db/schema.ts';

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type MemberRow = Selectable<WorkspaceMembersTable>;
export type InviteRow = Selectable<WorkspaceInvitesTable>;
export type WorkspaceRoleName = MemberRow['role'];
/** A workspace with the caller's role and how many members it has. */
export type MembershipRow = WorkspaceRow & { role: WorkspaceRoleName; members_count: number };
export type MemberPersonRow = MemberRow & {
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
};

/** Queries of workspaces, their members and their pending invites. */
export class WorkspacesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  transaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  getById(id: number, db: Database = this.db): Promise<WorkspaceRow | undefined> {
    return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's role in a workspace and who owns it, or undefined for a non-member (the drive policy asks this). */
  async roleOf(
    userId: number,
    workspaceId: number,
  ): Promise<{ role: WorkspaceRoleName; owner_id: number } | undefined> {
    return this.db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['m.role', 'w.owner_id'])
      .where('m.user_id', '=', userId)
      .where('m.workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  /** The workspace the user worked in last, as stored (membership is not checked here). */
  async lastWorkspaceOf(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('last_workspace_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.last_workspace_id ?? null;
  }

  async setLastWorkspace(userId: number, workspaceId: number | null): Promise<void> {
    await this.db.updateTable('users').set({ last_workspace_id: workspaceId }).where('id', '=', userId).execute();
  }

  /** The user's roles in any of these workspaces. */
  async rolesIn(userId: number, workspaceIds: number[]): Promise<Map<number, WorkspaceRoleName>> {
    if (!workspaceIds.length) return new Map();
    const rows = await this.db
      .selectFrom('workspace_members')
      .select(['workspace_id', 'role'])
      .where('user_id', '=', userId)
      .where('workspace_id', 'in', workspaceIds)
      .execute();
    return new Map(rows.map((r) => [r.workspace_id, r.role]));
  }

  /** Workspaces the user belongs to, oldest first, with their role and member count. */
  async listOfUser(userId: number): Promise<MembershipRow[]> {
    const rows = await this.db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .selectAll('w')
      .select('m.role')
      .select((eb) =>
        eb
          .selectFrom('workspace_members as c')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('c.workspace_id', '=', 'w.id')
          .as('members_count'),
      )
      .where('m.user_id', '=', userId)
      .orderBy('w.created_at')
      .orderBy('w.id')
      .limit(1000)
      .execute();
    return rows.map((r) => ({ ...r, members_count: Number(r.members_count) }));
  }

  async countOwnedBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('workspaces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(input: { name: string; ownerId: number; at: string }): Promise<WorkspaceRow> {
    return this.db.transaction().execute(async (trx) => {
      const ws = await trx
        .insertInto('workspaces')
        .values({ name: input.name, owner_id: input.ownerId, created_at: input.at, updated_at: input.at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: ws.id, user_id: input.ownerId, role: 'owner', created_at: input.at })
        .execute();
      return ws;
    });
  }

  async rename(id: number, name: string, at: string): Promise<void> {
    await this.db.updateTable('workspaces').set({ name, updated_at: at }).where('id', '=', id).execute();
  }

  async delete(id: number, db: Database = this.db): Promise<void> {
    await db.deleteFrom('workspace_invites').where('workspace_id', '=', id).execute();
    await db.deleteFrom('workspace_members').where('workspace_id', '=', id).execute();
    await db.deleteFrom('workspaces').where('id', '=', id).execute();
  }

  /** Members with their names, the owner first, then by join date (capped: a workspace is a team). */
  members(workspaceId: number): Promise<MemberPersonRow[]> {
    return this.db
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.email', 'u.first_name', 'u.last_name', 'u.image'])
      .where('m.workspace_id', '=', workspaceId)
      .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).else(1).end())
      .orderBy('m.created_at')
      .orderBy('m.user_id')
      .limit(1000)
      .execute();
  }

  async countMembersAndInvites(workspaceId: number): Promise<number> {
    const m = await this.db
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const i = await this.db
      .selectFrom('workspace_invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(m.n) + Number(i.n);
  }

  getMember(workspaceId: number, userId: number): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('workspace_members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Adds a member; one already there keeps their row (answers false). */
  async addMember(
    workspaceId: number,
    userId: number,
    role: WorkspaceRoleName,
    at: string,
    db: Database = this.db,
  ): Promise<boolean> {
    const result = await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: userId, role, created_at: at })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async setRole(workspaceId: number, userId: number, role: WorkspaceRoleName): Promise<void> {
    await this.db
      .updateTable('workspace_members')
      .set({ role })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  }

  async removeMember(workspaceId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
  }

  invites(workspaceId: number): Promise<InviteRow[]> {
    return this.db
      .selectFrom('workspace_invites')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(1000)
      .execute();
  }

  getInvite(id: string, db: Database = this.db): Promise<InviteRow | undefined> {
    return db.selectFrom('workspace_invites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findInvite(workspaceId: number, email: string): Promise<InviteRow | undefined> {
    return this.db
      .selectFrom('workspace_invites')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  async insertInvite(row: InviteRow): Promise<void> {
    await this.db.insertInto('workspace_invites').values(row).execute();
  }

  async updateInvite(
    id: string,
    patch: { role: InviteRow['role']; invited_by: number; created_at: string },
  ): Promise<void> {
    await this.db.updateTable('workspace_invites').set(patch).where('id', '=', id).execute();
  }

  /** Deletes an invite; answers whether it was still there (a join or decline takes it once). */
  async deleteInvite(id: string, db: Database = this.db): Promise<boolean> {
    const result = await db.deleteFrom('workspace_invites').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** An address's pending invites, with the workspace's name and who invited (for notifications). */
  async pendingInvitesOf(email: string): Promise<Array<{ id: string; workspace: string; inviter: string }>> {
    const rows = await this.db
      .selectFrom('workspace_invites as i')
      .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .select(['i.id', 'w.name', 'u.email', 'u.first_name', 'u.last_name'])
      .where('i.email', '=', email)
      .orderBy('i.created_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      workspace: r.name,
      inviter: r.email ? displayName({ email: r.email, first_name: r.first_name, last_name: r.last_name }) : r.name,
    }));
  }

  userByEmail(
    email: string,
  ): Promise<{ id: number; email: string; first_name: string | null; last_name: string | null } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('email', '=', email)
      .executeTakeFirst();
  }
}
