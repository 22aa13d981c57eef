import { Controller, type UseFormReturn } from 'react-hook-form';
import type { AdminRole } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { PermissionSelector } from '../permissions/PermissionSelector.tsx';
import { SettingSwitch } from '../permissions/SettingSwitch.tsx';
import { flagSwitches, type RoleFormValues } from './role-form.ts';

type Props = {
  form: UseFormReturn<RoleFormValues>;
  /** The role being edited; none for a new one. */
  role?: AdminRole;
  /** A save's messages about permissions: by permission name, and about the whole list. */
  permissionErrors: { byName: Record<string, string>; general?: string };
};

const card = 'flex flex-col gap-5 rounded-kosh-lg border border-divider bg-bg p-4 md:p-6';

/** A role's settings (name, description, default and guests flags) and its permissions. */
export function RoleForm({ form, role, permissionErrors }: Props) {
  const { trans } = useTrans();
  const flags = flagSwitches(role);
  const { control, setValue } = form;
  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="role-settings-heading">
        <h2 id="role-settings-heading" className="text-base font-medium text-fg">
          {trans('Details')}
        </h2>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Name')}
              isRequired
              isReadOnly={role?.is_system}
              description={role?.is_system ? trans('The name of a system role stays as it is.') : undefined}
              errorMessage={fieldState.error?.message}
              className="max-w-xl"
            />
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <TextArea
              {...textFieldProps(field)}
              label={trans('Description')}
              rows={3}
              errorMessage={fieldState.error?.message}
              className="max-w-xl"
            />
          )}
        />
        {flags.default !== 'hidden' && (
          <Controller
            control={control}
            name="default"
            render={({ field, fieldState }) => (
              <div>
                <SettingSwitch
                  isSelected={field.value}
                  isDisabled={flags.default === 'locked'}
                  onChange={(on) => {
                    field.onChange(on);
                    if (on) setValue('guests', false, { shouldDirty: true });
                  }}
                  label={trans('Default')}
                  description={
                    flags.default === 'locked'
                      ? trans('Every new user gets this role. To change that, make another role the default.')
                      : trans('Assign this role to every new user. It moves from the role that is the default now.')
                  }
                />
                {fieldState.error && <p className="mt-1 pl-12 text-xs text-danger">{fieldState.error.message}</p>}
              </div>
            )}
          />
        )}
        {flags.guests !== 'hidden' && (
          <Controller
            control={control}
            name="guests"
            render={({ field, fieldState }) => (
              <div>
                <SettingSwitch
                  isSelected={field.value}
                  isDisabled={flags.guests === 'locked'}
                  onChange={(on) => {
                    field.onChange(on);
                    if (on) setValue('default', false, { shouldDirty: true });
                  }}
                  label={trans('Guests')}
                  description={
                    flags.guests === 'locked'
                      ? trans('Visitors have this role. To change that, make another role the guests role.')
                      : trans('Apply this role to visitors who are not logged in. It has no users.')
                  }
                />
                {fieldState.error && <p className="mt-1 pl-12 text-xs text-danger">{fieldState.error.message}</p>}
              </div>
            )}
          />
        )}
      </section>
      <section className={card} aria-labelledby="role-permissions-heading">
        <div>
          <h2 id="role-permissions-heading" className="text-base font-medium text-fg">
            {trans('Permissions')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            {trans("What users with this role may do. Changes apply on each user's next request.")}
          </p>
        </div>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <PermissionSelector
              value={field.value}
              onChange={field.onChange}
              errors={permissionErrors.byName}
              error={permissionErrors.general}
            />
          )}
        />
      </section>
    </div>
  );
}
