import { MailTemplates } from './mail-templates.service.ts';
import type { MailTemplatesRepository } from './mail-templates.repository.ts';

/** Templates that always send the defaults, as if staff never edited one: for unit tests of the senders. */
export const defaultMailTemplates = () =>
  new MailTemplates({ getById: async () => undefined } as Pick<
    MailTemplatesRepository,
    'getById'
  > as MailTemplatesRepository);
