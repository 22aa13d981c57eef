import { escapeHtml, layout } from '../mail/templates.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { EnquiryRow } from './enquiries.repository.ts';

const KIND_LABEL = { contact: 'Contact', reseller: 'Reseller' } as const;

/** A header value on one line: a name with line breaks must not reach the Subject as several. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** HTML of visitor text: escaped, line breaks kept. */
const block = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** The mail of one enquiry to the site's contact address; replying goes to the sender. */
export function enquiryMail(to: string, siteName: string, enquiry: EnquiryRow): MailMessage {
  const label = KIND_LABEL[enquiry.kind];
  const fields: [string, string][] = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Mobile number', enquiry.mobile_number],
  ];
  const intro = `New ${label.toLowerCase()} enquiry on ${siteName}:`;
  return {
    to,
    replyTo: { name: oneLine(enquiry.name), address: enquiry.email },
    template: 'enquiry',
    subject: `${label} enquiry from ${oneLine(enquiry.name)}`,
    text: [
      intro,
      '',
      ...fields.map(([k, v]) => `${k}: ${v}`),
      '',
      'Message:',
      enquiry.message,
      '',
      'Reply to this email to answer the sender.',
      '',
      `${siteName}\n`,
    ].join('\n'),
    html: layout(siteName, [
      escapeHtml(intro),
      fields.map(([k, v]) => `<strong>${k}:</strong> ${block(v)}`).join('<br>'),
      `<strong>Message:</strong><br>${block(enquiry.message)}`,
      'Reply to this email to answer the sender.',
    ]),
  };
}
