import { sql, type Kysely } from 'kysely';

// No two live entries of one folder (or of one drive's root) share a name, compared as the drive
// compares them (lower(name)): enforced by the database, so the invariant holds even if code races.
// The root of a drive is keyed by its workspace, or minus its owner for a personal drive.
// PostgreSQL wants each expression of an index in parentheses.

const KEY = sql.raw(
  [
    '(coalesce(parent_id, 0))',
    '(case when parent_id is null then coalesce(workspace_id, -owner_id) else 0 end)',
    '(lower(name))',
  ].join(', '),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  // Names made twice by races before this index: every copy after the first gets "name (n)".
  const { rows: clashes } = await sql<{ id: number; name: string; parent_id: number | null; scope: number }>`
    select e.id, e.name, e.parent_id, case when e.parent_id is null then coalesce(e.workspace_id, -e.owner_id)
      else 0 end as scope
    from file_entries e
    where e.deleted_at is null and exists (
      select 1 from file_entries o
      where o.deleted_at is null and o.id < e.id and lower(o.name) = lower(e.name)
        and coalesce(o.parent_id, 0) = coalesce(e.parent_id, 0)
        and (e.parent_id is not null or coalesce(o.workspace_id, -o.owner_id) = coalesce(e.workspace_id, -e.owner_id))
    )
    order by e.id`.execute(db);
  for (const row of clashes) {
    for (let n = 2; ; n++) {
      const dot = row.name.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [row.name.slice(0, dot), row.name.slice(dot)] : [row.name, ''];
      const candidate = `${stem} (${n})${ext}`;
      const { rows: taken } = await sql`
        select 1 from file_entries
        where deleted_at is null and lower(name) = lower(${candidate})
          and coalesce(parent_id, 0) = ${row.parent_id ?? 0}
          and case when parent_id is null then coalesce(workspace_id, -owner_id) else 0 end = ${row.scope}`.execute(db);
      if (taken.length) continue;
      await sql`update file_entries set name = ${candidate} where id = ${row.id}`.execute(db);
      break;
    }
  }
  await sql`create unique index fe_live_name_unique on file_entries (${KEY}) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fe_live_name_unique').ifExists().execute();
}
