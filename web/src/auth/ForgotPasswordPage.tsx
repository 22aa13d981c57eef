import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SendPasswordResetBodySchema } from '@kosh/contracts';
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
  const mutation = useMutation({
    mutationFn: authApi.forgotPassword,
    meta: { handledStatuses: 'all' },
    onSuccess: () => toast.positive(trans('Email sent')),
    onError: (error) => applyServerErrors(error, form, ['email']),
  });
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
