import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// The admin area's logs: every run of a periodic job, every mail sent or refused (kept 30 days,
// with its rendered bodies for a preview), and the handling state of enquiries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('job_runs'))
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('triggered_by', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('output', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('job_runs_started_idx').on('job_runs').columns(['started_at', 'id']).execute();
  await db.schema.createIndex('job_runs_job_idx').on('job_runs').columns(['job', 'started_at']).execute();

  await withId(db, db.schema.createTable('mail_log'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('template', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_log_created_idx').on('mail_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('mail_log_to_idx').on('mail_log').columns(['to_address', 'created_at']).execute();

  await db.schema
    .alterTable('enquiries')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('enquiries').addColumn('replied_at', 'text').execute();
  await db.schema.createIndex('enquiries_status_idx').on('enquiries').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('enquiries_status_idx').execute();
  await db.schema.alterTable('enquiries').dropColumn('replied_at').execute();
  await db.schema.alterTable('enquiries').dropColumn('status').execute();
  await db.schema.dropTable('mail_log').execute();
  await db.schema.dropTable('job_runs').execute();
}
