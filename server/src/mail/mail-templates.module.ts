import type { Database } from '../db/database.ts';
import { MailTemplatesRepository } from './mail-templates.repository.ts';
import { MailTemplates } from './mail-templates.service.ts';

/**
 * Mail templates: what every sender renders its mail with. Built before the admin module (whose
 * enquiry replies are mail); the admin area's editor (MailTemplatesAdminService) gets the repository
 * with the audit log, in modules.ts.
 */
export function createMailTemplatesModule(deps: { db: Database }) {
  const repo = new MailTemplatesRepository(deps.db);
  return { repos: { templates: repo }, templates: new MailTemplates(repo) };
}

export type MailTemplatesModule = ReturnType<typeof createMailTemplatesModule>;
