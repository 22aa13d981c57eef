import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml, layout } from '../../mail/templates.ts';
import type { AdminEnquiryRow } from './enquiries-admin.repository.ts';

const QUOTE_STYLE = 'margin:0;padding-left:12px;border-left:3px solid #dadce0;color:#5f6368';
const block = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
const quoted = (s: string) =>
  s
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** Staff's answer to an enquiry, with the sender's message quoted under it. */
export function enquiryReplyMail(
  enquiry: AdminEnquiryRow,
  reply: { subject: string; message: string },
  siteName: string,
): MailMessage {
  const asked = `On ${enquiry.created_at.slice(0, 10)} you wrote:`;
  return {
    to: enquiry.email,
    template: 'enquiry_reply',
    subject: reply.subject.replace(/\s+/g, ' '),
    text: [reply.message, '', asked, quoted(enquiry.message), '', `${siteName}\n`].join('\n'),
    html: layout(siteName, [
      block(reply.message),
      `<span style="color:#5f6368">${escapeHtml(asked)}</span><br>` +
        `<blockquote style="${QUOTE_STYLE}">${block(enquiry.message)}</blockquote>`,
    ]),
  };
}
