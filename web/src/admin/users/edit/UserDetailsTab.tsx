import { Controller } from 'react-hook-form';
import { CheckboxGroup, Label } from 'react-aria-components';
import type { AdminUserDetail } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { AvatarField } from '../../../account/AvatarField.tsx';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { textFieldProps } from '../../../ui/form-field.ts';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { BYTE_UNITS, type ByteUnit } from '../../permissions/grants.ts';
import { SettingSwitch } from '../../permissions/SettingSwitch.tsx';
import { useRoleOptions } from '../admin-users.api.ts';
import { useEditedUser } from './UserEditPage.tsx';
import { adminAvatarCalls, useSendVerification } from './user-edit.api.ts';
import { detailsBody, detailsFieldOf, type DetailsValues, detailsValues, spaceBytes } from './user-details-form.ts';
import { useUserTabForm } from './useUserTabForm.tsx';

export const tabCard = 'flex flex-col gap-5 rounded-kosh-lg border border-divider bg-bg p-4 md:p-6';

function inheritedLine(user: AdminUserDetail, trans: ReturnType<typeof useTrans>['trans']) {
  const inherited = user.inherited_space === null ? trans('unlimited') : formatBytes(user.inherited_space);
  return trans('Empty: the space of the plan or roles, else the default (:space now).', { space: inherited });
}

/** Details: names, the allowed space override, the email's confirmation and the roles. */
export function UserDetailsTab() {
  const { trans } = useTrans();
  const user = useEditedUser();
  const roles = useRoleOptions();
  const canPickRoles = !!roles.data?.length;
  const verification = useSendVerification(user.id);
  const { form, wrap } = useUserTabForm<DetailsValues>({
    user,
    valuesOf: detailsValues,
    bodyOf: (values, f) => {
      const bytes = spaceBytes(values.space_amount, values.space_unit);
      if (bytes === undefined) {
        f.setError('space_amount', { type: 'client', message: trans('Enter a number, or nothing to inherit.') });
        f.setFocus('space_amount');
        return undefined;
      }
      return detailsBody(values, bytes, canPickRoles);
    },
    fieldOf: detailsFieldOf,
  });
  const { control } = form;
  const text = (name: 'first_name' | 'last_name', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField {...textFieldProps(field)} label={trans(label)} errorMessage={fieldState.error?.message} />
      )}
    />
  );
  return wrap(
    trans('Details'),
    <div className="flex flex-col gap-6">
      <section className={tabCard} aria-labelledby="user-profile-heading">
        <h2 id="user-profile-heading" className="text-base font-medium text-fg">
          {trans('Profile')}
        </h2>
        <AvatarField user={user} calls={adminAvatarCalls(user.id)} />
        <div className="grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-2">
          {text('first_name', 'First name')}
          {text('last_name', 'Last name')}
        </div>
        <div className="flex max-w-2xl flex-col gap-1">
          <div className="flex items-start gap-2">
            <Controller
              control={control}
              name="space_amount"
              render={({ field, fieldState }) => (
                <TextField
                  {...textFieldProps(field)}
                  label={trans('Allowed space')}
                  inputMode="decimal"
                  placeholder={trans('Inherited')}
                  errorMessage={fieldState.error?.message}
                  className="w-40"
                />
              )}
            />
            <Controller
              control={control}
              name="space_unit"
              render={({ field }) => (
                <Select
                  label={trans('Unit')}
                  name={field.name}
                  options={BYTE_UNITS.map((u) => ({ id: u.id, label: u.id }))}
                  value={field.value}
                  onChange={(v) => field.onChange((v as ByteUnit | null) ?? 'GB')}
                  className="w-28"
                />
              )}
            />
          </div>
          <p className="text-xs text-fg-muted">{inheritedLine(user, trans)}</p>
        </div>
      </section>
      <section className={tabCard} aria-labelledby="user-email-heading">
        <h2 id="user-email-heading" className="text-base font-medium text-fg">
          {trans('Email')}
        </h2>
        <TextField label={trans('Email')} value={user.email} isReadOnly className="max-w-xl" />
        <div className="flex flex-wrap items-start gap-4">
          <Controller
            control={control}
            name="email_verified"
            render={({ field, fieldState }) => (
              <div className="min-w-[240px] flex-1">
                <SettingSwitch
                  isSelected={field.value}
                  onChange={field.onChange}
                  label={trans('Email confirmed')}
                  description={trans('Off: the user must enter the code mailed to them before using Kosh.')}
                />
                {fieldState.error && <p className="mt-1 pl-12 text-xs text-danger">{fieldState.error.message}</p>}
              </div>
            )}
          />
          <Button
            variant="secondary"
            isDisabled={user.email_verified_at !== null}
            isPending={verification.isPending}
            onPress={() =>
              verification.mutate(undefined, {
                onSuccess: () => toast.positive(trans('Verification mail sent to :email', { email: user.email })),
              })
            }
          >
            {trans('Resend verification mail')}
          </Button>
        </div>
      </section>
      <section className={tabCard} aria-labelledby="user-roles-heading">
        <h2 id="user-roles-heading" className="text-base font-medium text-fg">
          {trans('Roles')}
        </h2>
        {canPickRoles ? (
          <Controller
            control={control}
            name="roles"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                value={field.value}
                onChange={field.onChange}
                isInvalid={!!fieldState.error}
                className="flex flex-col gap-2"
              >
                <Label className="sr-only">{trans('Roles')}</Label>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {roles.data?.map((role) => (
                    <Checkbox key={role.value} value={role.value}>
                      {role.label}
                    </Checkbox>
                  ))}
                </div>
                <span className={fieldState.error ? 'text-xs text-danger' : 'text-xs text-fg-muted'}>
                  {fieldState.error?.message ?? trans('The user holds every permission of each role picked.')}
                </span>
              </CheckboxGroup>
            )}
          />
        ) : (
          <p className="text-sm text-fg-muted">{user.roles.map((r) => r.name).join(', ') || trans('No roles')}</p>
        )}
      </section>
    </div>,
  );
}

export { UserDetailsTab as Component };
