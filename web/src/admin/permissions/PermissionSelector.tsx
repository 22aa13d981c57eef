import { useState } from 'react';
import clsx from 'clsx';
import { type AdminPermission, type AdminPermissionGroup, isAdvancedPermission } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { type Grant, isGranted, restrictionValue, setRestriction, toggleGrant } from './grants.ts';
import { useAdminPermissions } from './permissions.api.ts';
import { RestrictionField } from './RestrictionField.tsx';
import { SettingSwitch } from './SettingSwitch.tsx';

type Props = {
  value: Grant[];
  onChange: (grants: Grant[]) => void;
  /** A message per permission name (a save's 422), shown under it. */
  errors?: Record<string, string>;
  /** A message about the whole list. */
  error?: string;
  isDisabled?: boolean;
};

/**
 * Permissions grouped with their descriptions, a switch each, and the restrictions of a switched-on
 * one under it. Staff-only (advanced) permissions stay hidden until asked for, unless one is granted.
 * Roles use it; a user's permissions and plans can too (value: the grants, as the server takes them).
 */
export function PermissionSelector({ value, onChange, errors = {}, error, isDisabled }: Props) {
  const { trans } = useTrans();
  const catalog = useAdminPermissions();
  // Advanced permissions show from the start when the value grants one: a role must not hide what it holds.
  const [isAdvancedShown, setShowAdvanced] = useState(() => value.some((g) => isAdvancedPermission(g.name)));
  if (!catalog.data) {
    return (
      <div className="flex justify-center py-8">
        {catalog.isError ? <p className="text-sm text-danger">{trans('Could not load permissions.')}</p> : <Spinner />}
      </div>
    );
  }
  const groups = catalog.data
    .map((g) => ({ ...g, permissions: g.permissions.filter((p) => isAdvancedShown || !p.advanced) }))
    .filter((g) => g.permissions.length > 0);
  return (
    <div className="flex flex-col gap-4" data-testid="permission-selector">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SettingSwitch
          isSelected={isAdvancedShown}
          onChange={setShowAdvanced}
          label={trans('Show advanced permissions')}
        />
        <Button variant="text" size="sm" onPress={() => onChange([])} isDisabled={isDisabled || value.length === 0}>
          {trans('Remove all')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {groups.map((group) => (
        <PermissionGroup
          key={group.name}
          group={group}
          value={value}
          onChange={onChange}
          errors={errors}
          isDisabled={isDisabled}
        />
      ))}
    </div>
  );
}

function PermissionGroup({
  group,
  value,
  onChange,
  errors,
  isDisabled,
}: Omit<Props, 'error' | 'errors'> & { group: AdminPermissionGroup; errors: Record<string, string> }) {
  return (
    <section aria-labelledby={`permission-group-${group.name}`} className="rounded-kosh border border-divider">
      <h3
        id={`permission-group-${group.name}`}
        className={clsx(
          'border-b border-divider bg-bg-alt px-4 py-2',
          'text-xs font-medium tracking-wide text-fg-muted uppercase',
        )}
      >
        {group.label}
      </h3>
      <ul className="divide-y divide-divider">
        {group.permissions.map((permission) => (
          <PermissionRow
            key={permission.name}
            permission={permission}
            value={value}
            onChange={onChange}
            error={errors[permission.name]}
            isDisabled={isDisabled}
          />
        ))}
      </ul>
    </section>
  );
}

function PermissionRow({
  permission,
  value,
  onChange,
  error,
  isDisabled,
}: Omit<Props, 'errors'> & { permission: AdminPermission }) {
  const isOn = isGranted(value, permission.name);
  return (
    <li className="flex flex-col gap-3 px-4 py-3" data-permission={permission.name}>
      <SettingSwitch
        isSelected={isOn}
        onChange={(on) => onChange(toggleGrant(value, permission.name, on))}
        label={permission.display_name}
        description={permission.description}
        isDisabled={isDisabled}
      />
      {isOn && permission.restrictions.length > 0 && (
        <div className="flex flex-col gap-3 sm:pl-12">
          {permission.restrictions.map((r) => (
            <RestrictionField
              key={r.name}
              restriction={r}
              value={restrictionValue(value, permission.name, r.name)}
              onChange={(v) => onChange(setRestriction(value, permission.name, r.name, v))}
              isDisabled={isDisabled}
            />
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger sm:pl-12">
          {error}
        </p>
      )}
    </li>
  );
}
