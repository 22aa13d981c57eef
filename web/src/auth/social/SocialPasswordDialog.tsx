import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ConnectSocialBodySchema, type BootstrapData } from '@kosh/contracts';
import { authApi } from '../../api/auth.api.ts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';

type Props = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConnected: (data: BootstrapData | string) => unknown;
};

/** The 'Password required' modal of part 1, 2.8: links the social account to an existing one. */
export function SocialPasswordDialog({ isOpen, onOpenChange, onConnected }: Props) {
  const { trans } = useTrans();
  const form = useForm<{ password: string }>({
    defaultValues: { password: '' },
    mode: 'onChange',
    resolver: useTranslatedResolver(zodResolver(ConnectSocialBodySchema)),
  });
  const mutation = useMutation({
    mutationFn: ({ password }: { password: string }) => authApi.connectSocial(password),
    meta: { handledStatuses: 'all' },
    onSuccess: async (response) => {
      onOpenChange(false);
      form.reset();
      await onConnected(response.bootstrapData);
    },
    onError: (error) => applyServerErrors(error, form, ['password']),
  });
  const formId = 'social-password-form';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      title={trans('Password required')}
      actions={
        <>
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            isPending={mutation.isPending}
            isDisabled={!form.formState.isValid || mutation.isPending}
          >
            {trans('Connect')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit((v) => mutation.mutate(v))}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-fg-muted">
          {trans(
            'An account with this email address already exists. If you want to connect the two accounts, enter ' +
              'existing account password.',
          )}
        </p>
        <Controller
          control={form.control}
          name="password"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              type="password"
              revealable
              label={trans('Password')}
              autoComplete="current-password"
              isRequired
              autoFocus
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </form>
    </Dialog>
  );
}
