import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { UpdatePasswordBodySchema, type UpdatePasswordBody } from '@kosh/contracts';
import { accountApi } from '../api/account.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

const empty: UpdatePasswordBody = { current_password: '', password: '', password_confirmation: '' };

/** Update password (part 1, 2.7 and 5): current, new and confirmation, all required. */
export function ChangePasswordPanel() {
  const { trans } = useTrans();
  const form = useForm<UpdatePasswordBody>({
    mode: 'onChange',
    defaultValues: empty,
    resolver: useTranslatedResolver(zodResolver(UpdatePasswordBodySchema) as unknown as Resolver<UpdatePasswordBody>),
  });
  const mutation = useMutation({
    mutationFn: accountApi.changePassword,
    meta: { handledStatuses: 'all' },
    onSuccess: () => {
      form.reset(empty);
      toast.positive(trans('Password changed'));
    },
    onError: (error) => applyServerErrors(error, form, ['current_password', 'password', 'password_confirmation']),
  });
  return (
    <SettingsPanel
      id="password"
      as="form"
      onSubmit={form.handleSubmit((v) => mutation.mutate(v))}
      title={trans('Update password')}
      description={trans('Ensure your account is using a long, random password to stay secure.')}
      actions={
        <Button type="submit" isPending={mutation.isPending} isDisabled={!form.formState.isValid || mutation.isPending}>
          {trans('Update password')}
        </Button>
      }
    >
      <div className="flex max-w-md flex-col gap-5">
        <Controller
          control={form.control}
          name="current_password"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              type="password"
              revealable
              label={trans('Current password')}
              autoComplete="current-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              type="password"
              revealable
              label={trans('New password')}
              autoComplete="new-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="password_confirmation"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              type="password"
              revealable
              label={trans('Confirm new password')}
              autoComplete="new-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </div>
    </SettingsPanel>
  );
}
