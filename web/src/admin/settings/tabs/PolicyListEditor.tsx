import { useState } from 'react';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, FileCheck2, Plus, Trash2 } from 'lucide-react';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { SettingField } from '../fields/SettingField.tsx';
import { editPolicy, movePolicy, newPolicy, type Policy, policyErrors, readPolicies } from '../policies.ts';
import { useSetting, useSettingsFormContext } from '../SettingsFormContext.ts';

const KEY = 'registration.policies';

type RowProps = {
  policy: Policy;
  index: number;
  count: number;
  errors: { label?: string; action?: string } | undefined;
  isNew: boolean;
  onChange: (next: Policy[]) => void;
  policies: Policy[];
};

function PolicyRow({ policy, index, count, errors, isNew, onChange, policies }: RowProps) {
  const { trans } = useTrans();
  const name = policy.label.trim() || trans('Policy :number', { number: index + 1 });
  const update = (patch: Partial<Pick<Policy, 'label' | 'action'>>) =>
    onChange(policies.map((p, i) => (i === index ? editPolicy(p, patch) : p)));
  return (
    <li
      data-policy={policy.id}
      data-setting-invalid={errors ? '' : undefined}
      aria-label={name}
      className="flex flex-col gap-3 rounded-kosh border border-divider p-3 sm:flex-row sm:items-start"
    >
      <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
        <TextField
          label={trans('Label')}
          value={policy.label}
          onChange={(label) => update({ label })}
          placeholder={trans('Terms of service')}
          errorMessage={errors?.label}
          autoFocus={isNew}
        />
        <TextField
          label={trans('Address')}
          value={policy.action}
          onChange={(action) => update({ action })}
          placeholder="/pages/terms-of-service"
          errorMessage={errors?.action}
          description={
            policy.action.trim()
              ? policy.type === 'link'
                ? trans('Another site, opened in a new tab.')
                : trans('A page of this site.')
              : trans('An https address, or a path such as /pages/terms.')
          }
        />
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:pt-6">
        <IconButton
          label={trans('Move :name up', { name })}
          size="sm"
          isDisabled={index === 0}
          onPress={() => onChange(movePolicy(policies, index, -1))}
        >
          <ArrowUp size={18} aria-hidden />
        </IconButton>
        <IconButton
          label={trans('Move :name down', { name })}
          size="sm"
          isDisabled={index === count - 1}
          onPress={() => onChange(movePolicy(policies, index, 1))}
        >
          <ArrowDown size={18} aria-hidden />
        </IconButton>
        <IconButton
          label={trans('Remove :name', { name })}
          size="sm"
          onPress={() => onChange(policies.filter((_, i) => i !== index))}
        >
          <Trash2 size={18} aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}

/** registration.policies: the checkboxes people must tick to register, edited as a list of rows. */
export function PolicyListEditor() {
  const { trans } = useTrans();
  const { errors } = useSettingsFormContext();
  const setting = useSetting<Policy[]>(KEY);
  const [addedId, setAddedId] = useState<string | null>(null);
  const policies = readPolicies(setting.value);
  const found = policyErrors(errors[KEY] ?? []);
  const add = () => {
    const policy = newPolicy(crypto.randomUUID());
    setAddedId(policy.id);
    setting.set([...policies, policy]);
  };
  return (
    <SettingField name={KEY} error={found.general} className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-medium text-fg">{trans('Policies to accept')}</h3>
        <p className="mt-0.5 text-xs text-fg-muted">
          {setting.description ??
            trans('People tick each one on the registration page, with its label linking to its address.')}
        </p>
      </div>
      {policies.length ? (
        <ul aria-label={trans('Policies to accept')} className="flex flex-col gap-2">
          {policies.map((policy, index) => (
            <PolicyRow
              key={policy.id}
              policy={policy}
              index={index}
              count={policies.length}
              errors={found.byIndex[index]}
              isNew={policy.id === addedId}
              onChange={setting.set}
              policies={policies}
            />
          ))}
        </ul>
      ) : (
        <div
          className={clsx(
            'flex items-center gap-3 rounded-kosh border border-dashed border-divider p-4',
            'text-sm text-fg-muted',
          )}
        >
          <FileCheck2 size={20} aria-hidden className="shrink-0" />
          {trans('No policies: people register without ticking anything.')}
        </div>
      )}
      {found.general && <p className="text-xs text-danger">{found.general}</p>}
      <div>
        <Button variant="secondary" startIcon={<Plus size={18} />} onPress={add} isDisabled={setting.isLocked}>
          {trans('Add policy')}
        </Button>
      </div>
    </SettingField>
  );
}
