import { Mail, X } from 'lucide-react';
import type { WorkspaceInvite } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { IconButton } from '../ui/Button.tsx';
import { ROLE_LABELS } from './role-labels.ts';
import { useCancelInvite } from './workspaces.api.ts';

/** Invites not answered yet, each with its role and a cancel button (admins and the owner). */
export function PendingInvites({ workspaceId, invites }: { workspaceId: number; invites: WorkspaceInvite[] }) {
  const { trans } = useTrans();
  const cancelInvite = useCancelInvite(workspaceId);
  if (!invites.length) return null;
  return (
    <>
      <h3 className="mt-6 mb-1 text-sm font-medium text-fg-muted">{trans('Pending invites')}</h3>
      <ul className="flex flex-col" aria-label={trans('Pending invites')}>
        {invites.map((pending) => (
          <li
            key={pending.id}
            className="flex min-h-12 items-center gap-3 border-b border-divider py-2 last:border-b-0"
            data-testid="workspace-invite"
          >
            <span
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-bg-chip text-fg-muted"
              aria-hidden
            >
              <Mail size={16} />
            </span>
            <span className="min-w-0 flex-1 truncate text-sm text-fg">{pending.email}</span>
            <span className="px-3 text-sm text-fg-muted">{trans(ROLE_LABELS[pending.role])}</span>
            <IconButton
              label={trans('Cancel invite to :email', { email: pending.email })}
              size="sm"
              onPress={() => cancelInvite.mutate(pending.id)}
            >
              <X size={18} aria-hidden />
            </IconButton>
          </li>
        ))}
      </ul>
    </>
  );
}
