import type { MailMessage } from '../../mail/mailer.ts';
import type { MailTemplates } from '../../mail/mail-templates.service.ts';
import type { AdminEnquiryRow } from './enquiries-admin.repository.ts';

const quoted = (s: string) =>
  s
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** Staff's answer to an enquiry (template enquiry_reply), with the sender's message quoted under it. */
export function enquiryReplyMail(
  templates: MailTemplates,
  enquiry: AdminEnquiryRow,
  reply: { subject: string; message: string },
  siteName: string,
): Promise<MailMessage> {
  return templates.message('enquiry_reply', enquiry.email, {
    subject: reply.subject,
    reply: reply.message,
    asked_on: enquiry.created_at.slice(0, 10),
    original_message: enquiry.message,
    quoted_message: quoted(enquiry.message),
    site_name: siteName,
  });
}
