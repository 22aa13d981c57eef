import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_COUNTRY_ID, UpdateUserBodySchema, type User } from '@kosh/contracts';
import { accountApi, storeUser } from '../api/account.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useCountryOptions, useStates } from '../api/value-lists.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { AvatarField, accountAvatarCalls } from './AvatarField.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

type Values = { first_name: string; last_name: string; country_id: number | null; state_id: number | null };

const schema = UpdateUserBodySchema.pick({ first_name: true, last_name: true, country_id: true, state_id: true });

/**
 * Profile (part 1, 2.7): email read-only, names, country, state for India only, image;
 * Save and Skip both go to /drive (2.2).
 */
export function ProfilePanel({ user }: { user: User }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const form = useForm<Values>({
    mode: 'onChange',
    defaultValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      country_id: user.country_id,
      state_id: user.state_id,
    },
    resolver: useTranslatedResolver(zodResolver(schema) as unknown as Resolver<Values>),
  });
  const countryId = form.watch('country_id');
  const showStates = countryId === DEFAULT_COUNTRY_ID;
  const countryOptions = useCountryOptions();
  const states = useStates(countryId, showStates);
  const stateOptions = useMemo(() => (states.data ?? []).map((s) => ({ id: s.id, label: s.name })), [states.data]);

  const save = useMutation({
    mutationFn: (values: Values) =>
      accountApi.updateUser(user.id, { ...values, state_id: showStates ? values.state_id : null }),
    meta: { handledStatuses: 'all' },
    onSuccess: async ({ user: updated }) => {
      storeUser(updated);
      toast.positive(trans('Updated account details'));
      await navigate('/drive');
    },
    onError: (error) => applyServerErrors(error, form, ['first_name', 'last_name', 'country_id', 'state_id']),
  });
  const skip = useMutation({
    mutationFn: accountApi.skipProfile,
    onSuccess: () => navigate('/drive'),
  });

  return (
    <SettingsPanel
      id="account-details"
      as="form"
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      title={trans('Update name and profile image')}
      actions={
        <>
          <Button variant="text" onPress={() => skip.mutate()} isDisabled={skip.isPending || save.isPending}>
            {trans('Skip')}
          </Button>
          <Button type="submit" isPending={save.isPending} isDisabled={!form.formState.isValid || save.isPending}>
            {trans('Save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <AvatarField user={user} calls={accountAvatarCalls(user.id)} />
        <TextField label={trans('Email')} value={user.email} isReadOnly type="email" />
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="first_name"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('First name')}
                autoComplete="given-name"
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="last_name"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Last name')}
                autoComplete="family-name"
                errorMessage={fieldState.error?.message}
              />
            )}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="country_id"
            render={({ field, fieldState }) => (
              <Select
                label={trans('Country')}
                name={field.name}
                options={countryOptions}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v == null ? null : Number(v));
                  form.setValue('state_id', null, { shouldDirty: true });
                }}
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          {showStates && stateOptions.length > 0 && (
            <Controller
              control={form.control}
              name="state_id"
              render={({ field, fieldState }) => (
                <Select
                  label={trans('State')}
                  name={field.name}
                  options={stateOptions}
                  value={field.value}
                  onChange={(v) => field.onChange(v == null ? null : Number(v))}
                  errorMessage={fieldState.error?.message}
                />
              )}
            />
          )}
        </div>
      </div>
    </SettingsPanel>
  );
}
