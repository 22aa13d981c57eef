import { ChevronDown, Check } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import type { SharePermission } from '@kosh/contracts';
import { SHARE_PERMISSIONS } from '../../api/shares.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';

export const PERMISSION_LABELS: Record<SharePermission, string> = {
  view: 'Can view',
  download: 'Can download',
  edit: 'Can edit',
};

type Props = {
  value: SharePermission;
  onChange: (permission: SharePermission) => void;
  onRemove?: () => void;
  label: string;
};

/** A compact permission select (view, download, edit), with "Remove access" below when given. */
export function PermissionMenu({ value, onChange, onRemove, label }: Props) {
  const { trans } = useTrans();
  return (
    <Dropdown
      aria-label={label}
      placement="bottom end"
      minWidth={200}
      onAction={(key) => (key === 'remove' ? onRemove?.() : onChange(key as SharePermission))}
      trigger={
        <AriaButton
          aria-label={`${label}: ${trans(PERMISSION_LABELS[value])}`}
          className={buttonClasses('ghost', 'md', 'shrink-0 px-2 text-fg')}
        >
          {trans(PERMISSION_LABELS[value])}
          <ChevronDown size={16} aria-hidden />
        </AriaButton>
      }
    >
      {SHARE_PERMISSIONS.map((permission) => (
        <MenuItem key={permission} id={permission} icon={permission === value ? <Check size={18} /> : <span />}>
          {trans(PERMISSION_LABELS[permission])}
        </MenuItem>
      ))}
      {onRemove && <MenuDivider />}
      {onRemove && (
        <MenuItem id="remove" danger>
          {trans('Remove access')}
        </MenuItem>
      )}
    </Dropdown>
  );
}
