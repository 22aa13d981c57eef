import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { MEMBER_ROLES, type MemberRole } from '@kosh/contracts';
import { isApiError } from '../api/api-error.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';
import { TextArea } from '../ui/TextArea.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { badEmailsOf, emailsOf } from './invite-emails.ts';
import { ROLE_HINTS, ROLE_LABELS } from './role-labels.ts';
import { useInviteMembers } from './workspaces.api.ts';

/**
 * Invite by email at one role. Addresses may be separated by commas, spaces or new lines; ones that
 * cannot be addresses, and those the server refused, stay in the field with the reason under it.
 */
export function InviteForm({ workspaceId }: { workspaceId: number }) {
  const { trans } = useTrans();
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const invite = useInviteMembers(workspaceId);
  const list = emailsOf(emails);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!list.length || invite.isPending) return;
    const bad = badEmailsOf(list);
    if (bad.length) {
      setFieldError(trans(':email is not a valid email address.', { email: bad[0] }));
      return;
    }
    invite.mutate(
      { emails: list, role },
      {
        onSuccess: ({ results }) => {
          const failed = results.filter((r) => !r.ok);
          setEmails(failed.map((r) => r.email).join(', '));
          if (failed.length) {
            const reason = trans(failed[0].message ?? 'There was an issue. Please try again.');
            setFieldError(`${failed[0].email}: ${reason}`);
          } else toast.positive(trans(results.length === 1 ? 'Invitation sent' : 'Invitations sent'));
        },
      },
    );
  };

  return (
    <form onSubmit={send} className="mb-6 flex flex-col gap-3" aria-label={trans('Invite people')}>
      <TextArea
        label={trans('Invite people')}
        placeholder={trans('Email addresses, separated by commas, spaces or new lines')}
        value={emails}
        onChange={(value) => {
          setEmails(value);
          setFieldError(undefined);
        }}
        onKeyDown={(event) => {
          // Enter sends, as in a one-line field; Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
        rows={2}
        autoComplete="off"
        errorMessage={fieldError ?? (isApiError(invite.error) ? invite.error.displayMessage : undefined)}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label={trans('Role')}
          className="min-w-0 flex-1"
          value={role}
          onChange={(v) => setRole((v as MemberRole) ?? 'editor')}
          options={MEMBER_ROLES.map((r) => ({ id: r, label: `${trans(ROLE_LABELS[r])}: ${trans(ROLE_HINTS[r])}` }))}
        />
        <Button type="submit" isDisabled={!list.length || invite.isPending} startIcon={<Mail size={18} aria-hidden />}>
          {trans('Invite')}
        </Button>
      </div>
    </form>
  );
}
