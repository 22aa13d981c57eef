import clsx from 'clsx';
import { Check, ChevronDown, X } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { MEMBER_ROLES, type MemberRole, type WorkspaceMember } from '@kosh/contracts';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Avatar } from '../shell/layout/Avatar.tsx';
import { IconButton } from '../ui/Button.tsx';
import { focusRing } from '../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../ui/Menu.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { ROLE_LABELS } from './role-labels.ts';
import { useChangeRole } from './workspaces.api.ts';

/** A member's role: a menu of roles for those who manage members, plain text otherwise. */
function RolePicker({
  member,
  isEditable,
  onChange,
}: {
  member: WorkspaceMember;
  isEditable: boolean;
  onChange: (role: MemberRole) => void;
}) {
  const { trans } = useTrans();
  const label = trans(ROLE_LABELS[member.role]);
  if (!isEditable) return <span className="px-3 text-sm text-fg-muted">{label}</span>;
  const name = trans('Role of :name', { name: member.name });
  return (
    <Dropdown
      aria-label={name}
      placement="bottom end"
      trigger={
        <AriaButton
          aria-label={`${name}: ${label}`}
          className={clsx(
            'inline-flex h-9 items-center gap-1 rounded-kosh px-3 text-sm text-fg hover:bg-bg-alt',
            focusRing,
          )}
        >
          {label}
          <ChevronDown size={16} className="text-fg-muted" aria-hidden />
        </AriaButton>
      }
      onAction={(key) => key !== member.role && onChange(key as MemberRole)}
    >
      {MEMBER_ROLES.map((role) => (
        <MenuItem
          key={role}
          id={role}
          textValue={trans(ROLE_LABELS[role])}
          icon={role === member.role ? <Check size={18} className="text-primary" /> : <span />}
        >
          {trans(ROLE_LABELS[role])}
        </MenuItem>
      ))}
    </Dropdown>
  );
}

type Props = {
  workspaceId: number;
  members: WorkspaceMember[];
  canManage: boolean;
  onRemove: (member: WorkspaceMember) => void;
};

/** The members, owner first: avatar, name and address, role (changeable by admins), remove. */
export function MemberList({ workspaceId, members, canManage, onRemove }: Props) {
  const { trans } = useTrans();
  const { user } = useBootstrapData();
  const changeRole = useChangeRole(workspaceId);
  return (
    <ul className="flex flex-col" aria-label={trans('Members')}>
      {members.map((member) => {
        const isMe = member.id === user?.id;
        const isEditable = canManage && member.role !== 'owner' && !isMe;
        return (
          <li
            key={member.id}
            className="flex min-h-14 items-center gap-3 border-b border-divider py-2 last:border-b-0"
            data-testid="workspace-member"
          >
            <Avatar user={{ name: member.name, email: member.email, image: member.image }} size={32} />
            <div className="min-w-0 flex-1">
              <div className="truncate text-sm font-medium text-fg">
                {member.name}
                {isMe && <span className="font-normal text-fg-muted"> ({trans('you')})</span>}
              </div>
              <div className="truncate text-xs text-fg-muted">{member.email}</div>
            </div>
            <RolePicker
              member={member}
              isEditable={isEditable}
              onChange={(role) =>
                changeRole.mutate(
                  { userId: member.id, role },
                  { onSuccess: () => toast.positive(trans('Updated role')) },
                )
              }
            />
            {isEditable ? (
              <IconButton
                label={trans('Remove :name', { name: member.name })}
                size="sm"
                onPress={() => onRemove(member)}
              >
                <X size={18} aria-hidden />
              </IconButton>
            ) : (
              <span className="size-8 shrink-0" aria-hidden />
            )}
          </li>
        );
      })}
    </ul>
  );
}
