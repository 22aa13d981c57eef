import type { MailMessage } from './mailer.ts';
import { sanitizeMailHtml } from './mail-html-sanitize.ts';
import {
  MAIL_TEMPLATES,
  type MailTemplateDef,
  type MailTemplateId,
  type MailTemplateVars,
} from './mail-template-registry.ts';
import { renderTemplate, type MailTemplateSource, type RenderedMail } from './mail-template-render.ts';
import type { MailTemplatesRepository } from './mail-templates.repository.ts';
import { mailFrame } from './templates.ts';

/**
 * Builds each mail from its template: staff's saved edit when there is one, else the default.
 * The edit is read from the database on every send, never cached, so an edit made through any
 * server process is what the next mail of every process says.
 */
export class MailTemplates {
  private readonly repo: MailTemplatesRepository;
  constructor(repo: MailTemplatesRepository) {
    this.repo = repo;
  }

  async render<I extends MailTemplateId>(id: I, vars: MailTemplateVars<I>): Promise<RenderedMail> {
    const def: MailTemplateDef = MAIL_TEMPLATES[id];
    const saved = await this.repo.getById(id);
    return renderMail(def, saved ?? def, vars, saved !== undefined);
  }

  /** The mail to send: the rendered template, to one address, named for the outgoing email log. */
  async message<I extends MailTemplateId>(
    id: I,
    to: string,
    vars: MailTemplateVars<I>,
  ): Promise<MailMessage & RenderedMail> {
    return { to, template: id, ...(await this.render(id, vars)) };
  }
}

/**
 * One template rendered into a mail. An edited body (sanitised on save) is sanitised once more
 * with the values in: a variable staff placed in an attribute (href="{{name}}") must not become a
 * javascript: link with what a visitor typed. The defaults are code and need no second pass.
 */
export async function renderMail(
  def: MailTemplateDef,
  source: MailTemplateSource,
  vars: Record<string, string | number>,
  edited: boolean,
): Promise<RenderedMail> {
  const out = renderTemplate(def, source, vars);
  const body = edited ? await sanitizeMailHtml(out.body) : out.body;
  return { subject: out.subject, html: mailFrame(String(vars.site_name ?? ''), body), text: out.text };
}
