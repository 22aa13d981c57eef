import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { MailCheck } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RESET_MINUTES, SendPasswordResetBodySchema } from '@kosh/contracts';
import { useMutation } from '@tanstack/react-query';
import { applyServerErrors } from '../api/form-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { TextLink } from './auth-links.tsx';

/** Request a reset link (part 1, 2.5): one email field. */
export function ForgotPasswordPage() {
  const { trans } = useTrans();
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: useTranslatedResolver(zodResolver(SendPasswordResetBodySchema) as unknown as Resolver<{ email: string }>),
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: authApi.forgotPassword,
    meta: { handledStatuses: 'all' },
    onSuccess: (_data, values) => {
      toast.positive(trans('Email sent'));
      setSentTo(values.email);
    },
    onError: (error) => applyServerErrors(error, form, ['email']),
  });
  if (sentTo !== null) {
    return (
      <AuthLayout
        heading={trans('Check your inbox')}
        title={trans('Forgot password')}
        below={<TextLink to="/login">{trans('Back to sign in')}</TextLink>}
      >
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck size={48} className="text-primary" aria-hidden />
          <p className="text-sm text-fg">
            {trans('If an account exists for :email, we sent it a link to reset the password.', { email: sentTo })}
          </p>
          <p className="text-sm text-fg-muted">
            {trans('The link expires in :minutes minutes. Check your spam and promotions folders too.', {
              minutes: PASSWORD_RESET_MINUTES,
            })}
          </p>
          <Button variant="secondary" className="w-full" onPress={() => setSentTo(null)}>
            {trans('Use another address')}
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      heading={trans('Forgot password')}
      title={trans('Forgot password')}
      below={<TextLink to="/login">{trans('Back to sign in')}</TextLink>}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))} className="flex flex-col gap-5">
        <p className="text-sm text-fg-muted">
          {trans('Enter your email address and we will send you a link to reset your password.')}
        </p>
        <Controller
          control={form.control}
          name="email"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              type="email"
              label={trans('Email')}
              autoComplete="email"
              isRequired
              autoFocus
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" size="lg" className="w-full" isPending={mutation.isPending}>
          {trans('Send reset link')}
        </Button>
      </form>
    </AuthLayout>
  );
}

export { ForgotPasswordPage as Component };
