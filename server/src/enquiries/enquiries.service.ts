import type { Logger } from 'pino';
import { ENQUIRY_SENT_MESSAGE, type SendEnquiryBody, type SendEnquiryResponse } from '@kosh/contracts';
import type { Clock } from '../clock.ts';
import { forbidden } from '../http/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import { NOT_HUMAN, type RecaptchaService } from '../recaptcha/recaptcha.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { EnquiriesRepository, EnquiryRow } from './enquiries.repository.ts';
import { enquiryMail } from './enquiry-mail.ts';

export type EnquiryKind = EnquiryRow['kind'];

/** Enough of a User-Agent to tell browsers apart; the rest of a long header is noise. */
const MAX_USER_AGENT = 500;

type Deps = {
  enquiries: Pick<EnquiriesRepository, 'create' | 'markMailed'>;
  users: Pick<UsersRepository, 'getFirstAdmin'>;
  settings: Pick<SettingsService, 'get'>;
  recaptcha: Pick<RecaptchaService, 'isRequiredFor' | 'spend'>;
  mailer: Mailer;
  templates: MailTemplates;
  logger: Logger;
  clock: Clock;
};

/** Contact and reseller enquiries (spec part 2, 2 and 3): kept, then mailed to the site's contact address. */
export class EnquiriesService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /**
   * Stores the enquiry and mails it. Needs a passed human check (action contact) when it is on;
   * the proof is spent either way. A mail that fails is logged and leaves mailed_at null: the
   * enquiry is kept and the sender still gets the success answer.
   */
  async send(
    kind: EnquiryKind,
    body: SendEnquiryBody,
    sender: { userId: number | null; ctx: RequestContext; humanNonce: string | undefined },
  ): Promise<SendEnquiryResponse> {
    const { recaptcha } = this.deps;
    if (await recaptcha.isRequiredFor('contact')) {
      const human = await recaptcha.spend({ nonce: sender.humanNonce, token: undefined, remoteIp: sender.ctx.ip });
      if (!human) throw forbidden(NOT_HUMAN);
    }
    const enquiry = await this.deps.enquiries.create({
      kind,
      name: body.name,
      email: body.email.toLowerCase(),
      mobile_number: body.mobileNumber,
      message: body.message,
      user_id: sender.userId,
      ip_address: sender.ctx.ip,
      user_agent: sender.ctx.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      mailed_at: null,
      created_at: this.deps.clock().toISOString(),
    });
    await this.mail(enquiry);
    return { message: ENQUIRY_SENT_MESSAGE };
  }

  private async mail(enquiry: EnquiryRow): Promise<void> {
    const { logger } = this.deps;
    try {
      const to = await this.recipient();
      if (!to) {
        logger.warn({ enquiryId: enquiry.id }, 'enquiry kept unmailed: contact.email is empty and there is no admin');
        return;
      }
      const siteName = await this.deps.settings.get<string>('branding.site_name');
      await this.deps.mailer.send(await enquiryMail(this.deps.templates, to, siteName, enquiry));
      await this.deps.enquiries.markMailed(enquiry.id, this.deps.clock().toISOString());
    } catch (err) {
      logger.error({ err, enquiryId: enquiry.id }, 'could not mail an enquiry; it stays stored');
    }
  }

  /** contact.email, or the first admin's address when it is empty. */
  private async recipient(): Promise<string | undefined> {
    const configured = (await this.deps.settings.get<string>('contact.email'))?.trim();
    if (configured) return configured;
    return (await this.deps.users.getFirstAdmin())?.email;
  }
}
