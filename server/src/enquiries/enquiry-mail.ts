import type { MailMessage } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { EnquiryRow } from './enquiries.repository.ts';

const KIND_LABEL = { contact: 'Contact', reseller: 'Reseller' } as const;

/** A header value on one line: a name with line breaks must not reach the Subject as several. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The mail of one enquiry to the site's contact address (template enquiry_forward); replying goes to the sender. */
export async function enquiryMail(
  templates: MailTemplates,
  to: string,
  siteName: string,
  enquiry: EnquiryRow,
): Promise<MailMessage> {
  const label = KIND_LABEL[enquiry.kind];
  const mail = await templates.message('enquiry_forward', to, {
    kind: label,
    kind_lower: label.toLowerCase(),
    name: enquiry.name,
    email: enquiry.email,
    mobile_number: enquiry.mobile_number,
    message: enquiry.message,
    site_name: siteName,
  });
  return { ...mail, replyTo: { name: oneLine(enquiry.name), address: enquiry.email } };
}
