import { useState } from 'react';
import clsx from 'clsx';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { CreateAccessTokenBodySchema } from '@kosh/contracts';
import { accountApi } from '../api/account.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useCopyToClipboard } from '../ui/useCopyToClipboard.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';

type Values = { tokenName: string };
type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; onCreated: () => unknown };

/** The token dialog (part 1, 2.7): a name, then the plain token shown once with Copy. */
export function CreateTokenDialog({ isOpen, onOpenChange, onCreated }: Props) {
  const { trans } = useTrans();
  const [plainToken, setPlainToken] = useState<string | null>(null);
  const { copy, isCopied } = useCopyToClipboard();
  const form = useForm<Values>({
    mode: 'onChange',
    defaultValues: { tokenName: '' },
    resolver: useTranslatedResolver(zodResolver(CreateAccessTokenBodySchema) as unknown as Resolver<Values>),
  });
  const mutation = useMutation({
    mutationFn: ({ tokenName }: Values) => accountApi.createToken(tokenName),
    meta: { handledStatuses: 'all' },
    onSuccess: async (response) => {
      setPlainToken(response.plainTextToken);
      toast.positive(trans('Token create'));
      await onCreated();
    },
    onError: (error) => applyServerErrors(error, form, ['tokenName']),
  });
  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      // The plain token is never shown again.
      setPlainToken(null);
      form.reset();
    }
  };
  const formId = 'create-token-form';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      size="sm"
      title={trans(plainToken ? 'Token created' : 'Create token')}
      actions={
        plainToken ? (
          <Button onPress={() => close(false)}>{trans('Done')}</Button>
        ) : (
          <>
            <Button variant="text" onPress={() => close(false)}>
              {trans('Cancel')}
            </Button>
            <Button
              type="submit"
              form={formId}
              isPending={mutation.isPending}
              isDisabled={!form.formState.isValid || mutation.isPending}
            >
              {trans('Create')}
            </Button>
          </>
        )
      }
    >
      {plainToken ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">
            {trans("Make sure to copy your personal access token now. You won't be able to see it again!")}
          </p>
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium text-fg">{trans('Token')}</span>
            <code
              data-testid="plain-token"
              className={clsx(
                'block rounded-kosh border border-divider bg-bg-alt px-3 py-2',
                'font-mono text-sm break-all text-fg select-all',
              )}
            >
              {plainToken}
            </code>
            <Button
              variant="secondary"
              className="self-start"
              onPress={() => void copy(plainToken)}
              startIcon={isCopied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
            >
              {trans(isCopied ? 'Copied!' : 'Copy')}
            </Button>
          </div>
        </div>
      ) : (
        <form id={formId} noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
          <Controller
            control={form.control}
            name="tokenName"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Token name')}
                isRequired
                autoFocus
                errorMessage={fieldState.error?.message}
              />
            )}
          />
        </form>
      )}
    </Dialog>
  );
}
