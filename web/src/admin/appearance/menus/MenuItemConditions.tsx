import { useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { CheckboxGroup, Input, Label, SearchField, Text } from 'react-aria-components';
import type { MenuItem } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { RadioGroup } from '../../../ui/RadioGroup.tsx';
import { Select } from '../../../ui/Select.tsx';
import { MENU_SETTING_CONDITIONS, settingsChoice, settingsFromChoice } from './menu-draft.ts';
import { usePermissionOptions, useRoleOptions } from './menus.api.ts';

type Props = { item: MenuItem; onChange: (patch: Partial<MenuItem>) => void };

function ChoiceList({
  label,
  description,
  value,
  onChange,
  filter,
  children,
}: {
  label: string;
  description: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** A search box above the choices, for long lists. */
  filter?: ReactNode;
  children: ReactNode;
}) {
  return (
    <CheckboxGroup value={value} onChange={onChange} className="flex flex-col gap-2">
      <Label className="text-sm font-medium">{label}</Label>
      <Text slot="description" className="text-xs text-fg-muted">
        {description}
      </Text>
      {filter}
      <div className="relative flex max-h-56 flex-col gap-2 overflow-y-auto rounded-kosh border border-divider p-3">
        {children}
      </div>
    </CheckboxGroup>
  );
}

/** Who sees the item (part 1, 6): roles, permissions, a setting and the subscription, all of which must hold. */
export function MenuItemConditions({ item, onChange }: Props) {
  const { trans } = useTrans();
  const roles = useRoleOptions();
  const permissions = usePermissionOptions();
  const [permissionQuery, setPermissionQuery] = useState('');
  const query = permissionQuery.trim().toLowerCase();
  // Ticked permissions a search hides stay ticked: the group's value is the item's, not what is shown.
  const shownPermissions = (permissions.data ?? []).filter(
    (p) => !query || p.name.toLowerCase().includes(query) || trans(p.display_name).toLowerCase().includes(query),
  );
  const settingOptions = [
    { id: 'none', label: trans('Always') },
    ...MENU_SETTING_CONDITIONS.flatMap(({ key, label }) => [
      { id: `${key}:true`, label: trans(':setting is on', { setting: trans(label) }) },
      { id: `${key}:false`, label: trans(':setting is off', { setting: trans(label) }) },
    ]),
  ];
  return (
    <section aria-labelledby="item-visibility" className="relative flex flex-col gap-4">
      <h3 id="item-visibility" className="text-sm font-medium">
        {trans('Visibility')}
      </h3>
      <ChoiceList
        label={trans('Only show if user has roles')}
        description={trans('The user needs every role ticked.')}
        value={(item.roles ?? []).map(String)}
        onChange={(ids) => onChange({ roles: ids.map(Number) })}
      >
        {(roles.data ?? []).map((role) => (
          <Checkbox key={role.id} value={String(role.id)}>
            {trans(role.name)}
          </Checkbox>
        ))}
      </ChoiceList>
      <ChoiceList
        label={trans('Only show if user has permissions')}
        description={trans('The user needs every permission ticked.')}
        value={item.permissions ?? []}
        onChange={(names) => onChange({ permissions: names })}
        filter={
          <SearchField
            aria-label={trans('Find a permission')}
            value={permissionQuery}
            onChange={setPermissionQuery}
            className="relative flex items-center"
          >
            <Search size={16} className="pointer-events-none absolute left-3 text-fg-muted" aria-hidden />
            <Input
              placeholder={trans('Find a permission')}
              className={clsx(
                'h-9 w-full rounded-kosh border border-divider bg-bg pr-3 pl-9 text-sm text-fg outline-none',
                'placeholder:text-fg-muted data-[focused]:border-primary data-[focused]:ring-1',
                'data-[focused]:ring-primary [&::-webkit-search-cancel-button]:hidden',
              )}
            />
          </SearchField>
        }
      >
        {shownPermissions.length === 0 && <span className="text-sm text-fg-muted">{trans('No results')}</span>}
        {shownPermissions.map((permission) => (
          <Checkbox key={permission.name} value={permission.name}>
            <span className="flex min-w-0 flex-col">
              <span>{trans(permission.display_name)}</span>
              <span className="font-mono text-xs text-fg-muted">{permission.name}</span>
            </span>
          </Checkbox>
        ))}
      </ChoiceList>
      <Select
        label={trans('Only show if a setting')}
        options={settingOptions}
        value={settingsChoice(item.settings)}
        onChange={(choice) => onChange({ settings: settingsFromChoice(String(choice ?? 'none')) })}
      />
      <RadioGroup
        label={trans('Subscription status')}
        value={
          item.subscriptionStatus === 'subscribed' || item.subscriptionStatus === 'unsubscribed'
            ? item.subscriptionStatus
            : 'always'
        }
        onChange={(status) => onChange({ subscriptionStatus: status === 'always' ? undefined : status })}
        options={[
          { id: 'always', label: trans('Always show') },
          { id: 'subscribed', label: trans('Only show if subscribed') },
          { id: 'unsubscribed', label: trans('Only show if not subscribed') },
        ]}
      />
    </section>
  );
}
