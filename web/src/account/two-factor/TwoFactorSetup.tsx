import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ConfirmTwoFactorBodySchema, TWO_FACTOR_CODE_LENGTH } from '@kosh/contracts';
import { accountApi } from '../../api/account.api.ts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { TransWithNode, useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { isPasswordConfirmationRequired } from '../password-confirmation/usePasswordConfirmation.tsx';

type Props = { askAgain: (retry: () => void) => void; onConfirmed: () => unknown; onCancel: () => void };
type Values = { code: string };

/** The pending state: QR code and setup key, then a code from the app to confirm (part 1, 4). */
export function TwoFactorSetup({ askAgain, onConfirmed, onCancel }: Props) {
  const { trans } = useTrans();
  const qr = useQuery({
    queryKey: queryKeys.account.twoFactorQr,
    queryFn: ({ signal }) => accountApi.twoFactorQrCode(signal),
    staleTime: 0,
    gcTime: 0,
    meta: { handledCodes: ['password_confirmation_required'] },
  });
  const { refetch } = qr;
  const needsPassword = isPasswordConfirmationRequired(qr.error);
  useEffect(() => {
    if (needsPassword) askAgain(() => void refetch());
  }, [needsPassword, askAgain, refetch]);

  const form = useForm<Values>({
    mode: 'onChange',
    defaultValues: { code: '' },
    resolver: useTranslatedResolver(zodResolver(ConfirmTwoFactorBodySchema) as unknown as Resolver<Values>),
  });
  const confirm = useMutation({
    mutationFn: ({ code }: Values) => accountApi.confirmTwoFactor(code),
    meta: { handledStatuses: 'all' },
    onSuccess: () => onConfirmed(),
    onError: (error, values) => {
      if (isPasswordConfirmationRequired(error)) askAgain(() => confirm.mutate(values));
      else applyServerErrors(error, form, ['code']);
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => confirm.mutate(v))} className="flex flex-col gap-4">
      <p className="max-w-prose text-sm text-fg-muted">
        {trans(
          "To finish enabling two factor authentication, scan the following QR code using your phone's " +
            'authenticator application or enter the setup key and provide the generated OTP code.',
        )}
      </p>
      <div className="flex min-h-[180px] flex-col gap-3">
        {qr.data ? (
          <>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
              alt={trans('QR code')}
              width={180}
              height={180}
              className="rounded-kosh border border-divider bg-white p-2"
            />
            <p className="text-sm text-fg">
              <TransWithNode
                message="Setup key: :key"
                name="key"
                node={
                  <code
                    className="rounded bg-bg-alt px-1.5 py-0.5 font-mono text-sm break-all"
                    data-testid="two-factor-secret"
                  >
                    {qr.data.secret}
                  </code>
                }
              />
            </p>
          </>
        ) : (
          <Spinner size={32} className="m-auto" />
        )}
      </div>
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            onChange={(value) => field.onChange(value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH))}
            className="max-w-xs"
            label={trans('Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TWO_FACTOR_CODE_LENGTH}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isPending={confirm.isPending} isDisabled={!form.formState.isValid || confirm.isPending}>
          {trans('Confirm')}
        </Button>
        <Button variant="text" onPress={onCancel} isDisabled={confirm.isPending}>
          {trans('Cancel')}
        </Button>
      </div>
    </form>
  );
}
