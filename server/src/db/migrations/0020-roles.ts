import { sql, type Kysely } from 'kysely';

// Roles managed from the admin area. The three roles a site is seeded with become system roles
// (kept, names fixed). The database holds the rules a concurrent save could otherwise break: role
// names are unique whatever their case, and at most one role is the default and one the guests role.
// A role's users are listed newest assignment first, so that index replaces the plain role_id one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update roles set is_system = 1 where name in ('admin', 'users', 'guests')`.execute(db);
  // Installs of the time have one of each; should one have more, the oldest keeps the flag.
  for (const flag of ['is_default', 'is_guest'] as const) {
    await sql`update roles set ${sql.ref(flag)} = 0 where ${sql.ref(flag)} = 1
      and id <> (select min(id) from roles where ${sql.ref(flag)} = 1)`.execute(db);
  }
  await db.schema.createIndex('roles_name_lower_idx').on('roles').unique().expression(sql`lower(name)`).execute();
  await db.schema
    .createIndex('roles_one_default_idx')
    .on('roles')
    .unique()
    .column('is_default')
    .where(sql.ref('is_default'), '=', 1)
    .execute();
  await db.schema
    .createIndex('roles_one_guest_idx')
    .on('roles')
    .unique()
    .column('is_guest')
    .where(sql.ref('is_guest'), '=', 1)
    .execute();
  await db.schema
    .createIndex('user_role_role_created_idx')
    .on('user_role')
    .columns(['role_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('user_role_role_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();
  for (const index of [
    'user_role_role_created_idx',
    'roles_one_guest_idx',
    'roles_one_default_idx',
    'roles_name_lower_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('roles').dropColumn('is_system').execute();
}
