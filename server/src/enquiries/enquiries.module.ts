import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { RecaptchaService } from '../recaptcha/recaptcha.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { EnquiriesRepository } from './enquiries.repository.ts';
import { EnquiriesService } from './enquiries.service.ts';

/** Contact and reseller enquiries from the public site. */
export function createEnquiriesModule(deps: {
  db: Database;
  users: UsersRepository;
  settings: SettingsService;
  recaptcha: RecaptchaService;
  mailer: Mailer;
  templates: MailTemplates;
  logger: Logger;
  clock?: Clock;
}) {
  const enquiries = new EnquiriesRepository(deps.db);
  return {
    repos: { enquiries },
    service: new EnquiriesService({
      enquiries,
      users: deps.users,
      settings: deps.settings,
      recaptcha: deps.recaptcha,
      mailer: deps.mailer,
      templates: deps.templates,
      logger: deps.logger,
      clock: deps.clock ?? systemClock,
    }),
  };
}

export type EnquiriesModule = ReturnType<typeof createEnquiriesModule>;
