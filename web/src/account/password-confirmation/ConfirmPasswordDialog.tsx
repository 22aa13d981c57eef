import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ConfirmPasswordBodySchema } from '@kosh/contracts';
import { accountApi } from '../../api/account.api.ts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';

type Values = { password: string };
type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; onConfirmed: () => void };

/** Asks for the password before a sensitive action (part 1, 4 and 6); valid for 9000 s. */
export function ConfirmPasswordDialog({ isOpen, onOpenChange, onConfirmed }: Props) {
  const { trans } = useTrans();
  const form = useForm<Values>({
    defaultValues: { password: '' },
    mode: 'onChange',
    resolver: useTranslatedResolver(zodResolver(ConfirmPasswordBodySchema) as unknown as Resolver<Values>),
  });
  const mutation = useMutation({
    mutationFn: ({ password }: Values) => accountApi.confirmPassword(password),
    meta: { handledStatuses: 'all' },
    onSuccess: () => {
      form.reset();
      onOpenChange(false);
      onConfirmed();
    },
    onError: (error) => applyServerErrors(error, form, ['password']),
  });
  const formId = 'confirm-password-form';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) form.reset();
        onOpenChange(open);
      }}
      size="sm"
      title={trans('Confirm password')}
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
            {trans('Confirm')}
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
        <p className="text-sm text-fg-muted">{trans('For your security, please confirm your password to continue.')}</p>
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
