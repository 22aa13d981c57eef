import type { MailLogRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { StatusBadge } from './log-parts.tsx';

export const MAIL_STATUS_LABELS: Record<MailLogRow['status'], string> = { sent: 'Sent', failed: 'Failed' };

/** What each mail template is, as staff read it; the log keeps the code. */
export const MAIL_TEMPLATES: Record<string, string> = {
  // The ids of the mail templates (server/src/mail/mail-template-registry.ts).
  verification_code: 'Verification code',
  password_reset: 'Password reset',
  share_notification: 'Item shared',
  share_invitation: 'Share invitation',
  workspace_invitation: 'Workspace invitation',
  workspace_invitation_register: 'Workspace invitation (new account)',
  notification: 'Notification',
  enquiry_forward: 'Enquiry',
  enquiry_reply: 'Enquiry reply',
  settings_test: 'Test mail',
  // What the forwarded enquiry was called before it became a template: rows of up to 30 days ago.
  enquiry: 'Enquiry (earlier)',
};

/** A template's label, or its code when this screen does not know it yet. */
export const mailTemplateLabel = (template: string) => MAIL_TEMPLATES[template] ?? template;

export function MailStatusBadge({ status }: { status: MailLogRow['status'] }) {
  const { trans } = useTrans();
  return (
    <StatusBadge tone={status === 'sent' ? 'positive' : 'danger'}>{trans(MAIL_STATUS_LABELS[status])}</StatusBadge>
  );
}
