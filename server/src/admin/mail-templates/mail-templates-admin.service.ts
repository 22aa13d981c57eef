import {
  Permission,
  type MailTemplate,
  type MailTemplatePreview,
  type MailTemplateSummary,
  type SaveMailTemplateBody,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { notFound, validation } from '../../http/app-error.ts';
import { sanitizeMailHtml } from '../../mail/mail-html-sanitize.ts';
import { isMailTemplateId, MAIL_TEMPLATE_IDS, MAIL_TEMPLATES } from '../../mail/mail-template-registry.ts';
import type { MailTemplateDef } from '../../mail/mail-template-registry.ts';
import { sampleVars, templateProblems, type MailTemplateSource } from '../../mail/mail-template-render.ts';
import type { MailTemplateRow, MailTemplatesRepository } from '../../mail/mail-templates.repository.ts';
import { renderMail } from '../../mail/mail-templates.service.ts';
import type { AuditService } from '../audit/audit.service.ts';

type Source = { actor: Actor; ip: string };
type Deps = { db: Database; repo: MailTemplatesRepository; audit: AuditService; clock: Clock };

const NO_SUCH_TEMPLATE = 'There is no such mail template.';

const summary = (id: string, def: MailTemplateDef, updatedAt: string | null): MailTemplateSummary => ({
  id,
  name: def.name,
  description: def.description,
  customized: updatedAt !== null,
  updated_at: updatedAt,
});

const fields = (t: MailTemplateSource): MailTemplateSource => ({ subject: t.subject, html: t.html, text: t.text });

/**
 * The admin area's mail templates (permission settings.update, checked here): the list, one
 * template with its variables, save (checked and sanitised), restore the default (forget the
 * edit), and a preview with sample values that never sends. Save and restore are audited.
 */
export class MailTemplatesAdminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(actor: Actor): Promise<MailTemplateSummary[]> {
    actor.authorize(Permission.settingsUpdate);
    const saved = new Map((await this.deps.repo.listSaved()).map((r) => [r.id, r.updated_at]));
    return MAIL_TEMPLATE_IDS.map((id) => summary(id, MAIL_TEMPLATES[id], saved.get(id) ?? null));
  }

  async get(actor: Actor, id: string): Promise<MailTemplate> {
    actor.authorize(Permission.settingsUpdate);
    const def = this.definition(id);
    return present(id, def, await this.deps.repo.getById(id));
  }

  async save(source: Source, id: string, body: SaveMailTemplateBody): Promise<MailTemplate> {
    source.actor.authorize(Permission.settingsUpdate);
    const def = this.definition(id);
    const next = await this.checked(def, body);
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.repo.getById(id, trx);
      const row: MailTemplateRow = {
        id,
        ...next,
        updated_by: source.actor.user?.id ?? null,
        updated_at: this.deps.clock().toISOString(),
      };
      await this.deps.repo.save(row, trx);
      await this.deps.audit.record(
        source,
        {
          action: 'mail_template.update',
          targetType: 'mail_template',
          targetId: id,
          targetLabel: def.name,
          before: fields(before ?? def),
          after: fields(next),
        },
        trx,
      );
      return row;
    });
    return present(id, def, row);
  }

  /** Forgets the edit: the default is sent again. Restoring a default is a no-op, and not audited. */
  async restore(source: Source, id: string): Promise<MailTemplate> {
    source.actor.authorize(Permission.settingsUpdate);
    const def = this.definition(id);
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.repo.getById(id, trx);
      if (!before || !(await this.deps.repo.delete(id, trx))) return;
      await this.deps.audit.record(
        source,
        {
          action: 'mail_template.restore',
          targetType: 'mail_template',
          targetId: id,
          targetLabel: def.name,
          before: fields(before),
          after: fields(def),
        },
        trx,
      );
    });
    return present(id, def, undefined);
  }

  /** The unsaved subject and bodies as the mail would look with the samples; checked like a save. */
  async preview(actor: Actor, id: string, body: SaveMailTemplateBody): Promise<MailTemplatePreview> {
    actor.authorize(Permission.settingsUpdate);
    const def = this.definition(id);
    return renderMail(def, await this.checked(def, body), sampleVars(def), true);
  }

  private definition(id: string): MailTemplateDef {
    if (!isMailTemplateId(id)) throw notFound(NO_SUCH_TEMPLATE);
    return MAIL_TEMPLATES[id];
  }

  /** 422 naming what is wrong (unknown variables, refused tags); else the template with its HTML sanitised. */
  private async checked(def: MailTemplateDef, body: SaveMailTemplateBody): Promise<MailTemplateSource> {
    const problems = templateProblems(def, body);
    if (Object.keys(problems).length > 0) throw validation(problems);
    const html = await sanitizeMailHtml(body.html);
    // Sanitising can cut a section's tags apart ({{#x}} left inside a dropped element).
    const after = templateProblems(def, { ...body, html });
    if (after.html) throw validation({ html: after.html });
    return { subject: body.subject, html, text: body.text };
  }
}

function present(id: string, def: MailTemplateDef, row: MailTemplateRow | undefined): MailTemplate {
  return {
    ...summary(id, def, row?.updated_at ?? null),
    ...fields(row ?? def),
    variables: def.variables.map((v) => ({ name: v.name, description: v.description, sample: v.sample })),
  };
}
