import type { MailLogRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { StatusBadge } from './log-parts.tsx';

export const MAIL_STATUS_LABELS: Record<MailLogRow['status'], string> = { sent: 'Sent', failed: 'Failed' };

/** What each mail template is, as staff read it; the log keeps the code. */
export const MAIL_TEMPLATES: Record<string, string> = {
  password_reset: 'Password reset',
  verification_code: 'Verification code',
  notification: 'Notification',
  entry_shared: 'Item shared',
  share_invitation: 'Share invitation',
  workspace_invitation: 'Workspace invitation',
  workspace_invitation_register: 'Workspace invitation (new account)',
  enquiry: 'Enquiry',
  enquiry_reply: 'Enquiry reply',
};

/** A template's label, or its code when this screen does not know it yet. */
export const mailTemplateLabel = (template: string) => MAIL_TEMPLATES[template] ?? template;

export function MailStatusBadge({ status }: { status: MailLogRow['status'] }) {
  const { trans } = useTrans();
  return (
    <StatusBadge tone={status === 'sent' ? 'positive' : 'danger'}>{trans(MAIL_STATUS_LABELS[status])}</StatusBadge>
  );
}
