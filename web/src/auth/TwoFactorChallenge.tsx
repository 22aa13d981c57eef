import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import type { BootstrapData } from '@kosh/contracts';
import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from '@kosh/contracts/constants';
import { authApi } from '../api/auth.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';

type Values = { code: string; recovery_code: string };

/** The two-factor step after a login answered two_factor (part 1, 2.3 and 5). */
export function TwoFactorChallenge({ onSuccess }: { onSuccess: (data: BootstrapData | string) => unknown }) {
  const { trans } = useTrans();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm<Values>({ defaultValues: { code: '', recovery_code: '' } });
  const field = useRecovery ? 'recovery_code' : 'code';
  const length = useRecovery ? RECOVERY_CODE_LENGTH : TWO_FACTOR_CODE_LENGTH;
  const mutation = useMutation({
    mutationFn: (values: Partial<Values>) => authApi.twoFactorChallenge(values),
    meta: { handledStatuses: 'all' },
    onSuccess: (response) => onSuccess(response.bootstrapData),
    onError: (error) => applyServerErrors(error, form, [field]),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => mutation.mutate({ [field]: v[field] }))}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-fg-muted">
        {trans(
          useRecovery
            ? 'Please confirm access to your account by entering one of your emergency recovery codes.'
            : 'Enter the authentication code provided by your authenticator application.',
        )}
      </p>
      <Controller
        key={field}
        control={form.control}
        name={field}
        rules={{
          required: trans('This field is required.'),
          minLength: { value: length, message: trans('Must be at least :min characters.', { min: length }) },
          maxLength: { value: length, message: trans('Must be at most :max characters.', { max: length }) },
        }}
        render={({ field: f, fieldState }) => (
          <TextField
            {...textFieldProps(f)}
            label={trans(useRecovery ? 'Recovery code' : 'Code')}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={length}
            isRequired
            autoFocus
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" size="lg" className="w-full" isPending={mutation.isPending}>
        {trans('Continue')}
      </Button>
      <Button variant="text" onPress={() => setUseRecovery((v) => !v)}>
        {trans(useRecovery ? 'Use authentication code instead' : 'Use recovery code instead')}
      </Button>
    </form>
  );
}
