import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordBodySchema } from '@kosh/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { applyServerErrors } from '../api/form-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { AuthLayout } from './AuthLayout.tsx';

type Values = { token: string; email: string; password: string; password_confirmation: string };

/** Set a new password (part 1, 2.5): email, new password, confirmation. */
export function ResetPasswordPage() {
  const { trans } = useTrans();
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<Values>({
    defaultValues: {
      token: token ?? '',
      email: searchParams.get('email') ?? '',
      password: '',
      password_confirmation: '',
    },
    resolver: useTranslatedResolver(zodResolver(ResetPasswordBodySchema) as unknown as Resolver<Values>),
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => authApi.resetPassword({ ...values, token: token ?? '' }),
    meta: { handledStatuses: 'all' },
    onSuccess: async () => {
      toast.positive(trans('Your password has been reset!'));
      await navigate('/login', { replace: true });
    },
    onError: (error) => applyServerErrors(error, form, ['email', 'password', 'password_confirmation']),
  });
  return (
    <AuthLayout heading={trans('Reset your password')} title={trans('Reset password')}>
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))} className="flex flex-col gap-5">
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
        <Button type="submit" size="lg" className="w-full" isPending={mutation.isPending}>
          {trans('Reset password')}
        </Button>
      </form>
    </AuthLayout>
  );
}

export { ResetPasswordPage as Component };
