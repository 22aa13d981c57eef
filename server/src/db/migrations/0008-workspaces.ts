import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';
import { withId, withTimestamps } from './helpers.ts';

// Workspaces: team spaces, their members with a role, and invitations by email.
// A workspace's entries carry workspace_id and the workspace owner's owner_id, so their bytes
// count against the owner's space.

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withTimestamps(
    withId(db, db.schema.createTable('workspaces'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade')),
  ).execute();
  await db.schema.createIndex('workspaces_owner_idx').on('workspaces').column('owner_id').execute();

  // The owner is a member too (role owner): one row answers "which workspaces, with what role".
  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_idx')
    .on('workspace_members')
    .columns(['user_id', 'workspace_id'])
    .execute();

  await db.schema
    .createTable('workspace_invites')
    // A random id: the inviteId of the notification and the register link.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workspace_invites_ws_email_uq')
    .on('workspace_invites')
    .columns(['workspace_id', 'email'])
    .unique()
    .execute();
  await db.schema.createIndex('workspace_invites_email_idx').on('workspace_invites').column('email').execute();

  // A workspace's root and its recent files, as the personal drive has them (0003-drive.ts).
  if (pg) {
    await sql
      .raw(
        'create index fe_ws_root_updated_idx on file_entries (workspace_id, is_folder, updated_at, id) ' +
          'where parent_id is null and workspace_id is not null and deleted_at is null',
      )
      .execute(db);
    await sql
      .raw(
        'create index fe_ws_recent_idx on file_entries (workspace_id, is_folder, updated_at, id) ' +
          'where workspace_id is not null and deleted_at is null',
      )
      .execute(db);
  } else {
    await sql
      .raw(
        'create index fe_ws_root_updated_idx on file_entries ' +
          '(workspace_id, parent_id, deleted_at, is_folder, updated_at, id) where workspace_id is not null',
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists fe_ws_recent_idx`.execute(db);
  await sql`drop index if exists fe_ws_root_updated_idx`.execute(db);
  await db.schema.dropTable('workspace_invites').ifExists().execute();
  await db.schema.dropTable('workspace_members').ifExists().execute();
  await db.schema.dropTable('workspaces').ifExists().execute();
}
