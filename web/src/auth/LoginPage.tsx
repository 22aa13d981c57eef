import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { applyBootstrapData, authApi } from '../api/auth.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useSettings } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { defaultRedirectFor } from '../shell/redirects.ts';
import { Button } from '../ui/Button.tsx';
import { Checkbox } from '../ui/Checkbox.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { TextLink } from './auth-links.tsx';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { lazyResolver } from '../ui/lazy-resolver.ts';
import { TwoFactorChallenge } from './TwoFactorChallenge.tsx';
import { SocialButtons } from './social/SocialButtons.tsx';

type LoginValues = { email: string; password: string; remember: boolean };

const loginResolver = lazyResolver<LoginValues>(async () => {
  const [{ zodResolver }, { LoginUserBodySchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@kosh/contracts/auth'),
  ]);
  return zodResolver(LoginUserBodySchema) as unknown as Resolver<LoginValues>;
});

/** Sign-in page of part 1, 2.3. */
export function LoginPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [needsTwoFactor, setNeedsTwoFactor] = useState(false);
  const lockedEmail = searchParams.get('email') ?? undefined;
  const demo = settings.demo?.enable ? settings.demo : undefined;
  const form = useForm<LoginValues>({
    defaultValues: { email: lockedEmail ?? demo?.email ?? '', password: demo?.password ?? '', remember: true },
    resolver: useTranslatedResolver(loginResolver),
  });

  const finish = async (bootstrapData: Parameters<typeof applyBootstrapData>[0]) => {
    const data = applyBootstrapData(bootstrapData);
    await navigate(defaultRedirectFor(data.user, window.sessionStorage), { replace: true });
  };

  const mutation = useMutation({
    mutationFn: (values: LoginValues) => authApi.login(values),
    meta: { handledStatuses: 'all' },
    onSuccess: async (response) => {
      if ('two_factor' in response) setNeedsTwoFactor(true);
      else await finish(response.bootstrapData);
    },
    onError: (error) => applyServerErrors(error, form, ['email', 'password']),
  });

  if (needsTwoFactor) {
    return (
      <AuthLayout heading={trans('Two factor authentication')} title={trans('Two factor authentication')}>
        <TwoFactorChallenge onSuccess={finish} />
      </AuthLayout>
    );
  }

  const canRegister = !settings.registration?.disable;
  return (
    <AuthLayout
      heading={trans('Sign in to your account')}
      title={trans('Login')}
      below={
        <div className="flex flex-col gap-2">
          {canRegister && (
            <p>
              {trans("Don't have an account?")} <TextLink to="/register">{trans('Sign up')}</TextLink>
            </p>
          )}
          <p>
            <TextLink to="/contact">{trans('Contact us')}</TextLink>
          </p>
        </div>
      }
    >
      {demo && (
        <p className="mb-4 rounded-kosh bg-bg-chip p-3 text-sm text-fg">
          {trans('This is a demo site. Use the prefilled credentials to sign in.')}
        </p>
      )}
      <form
        noValidate
        onInput={loginResolver.load}
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        className="flex flex-col gap-5"
      >
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
              isReadOnly={!!lockedEmail}
              autoFocus={!lockedEmail}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1.5">
              <TextField
                {...textFieldProps(field)}
                type="password"
                revealable
                label={trans('Password')}
                autoComplete="current-password"
                isRequired
                autoFocus={!!lockedEmail}
                errorMessage={fieldState.error?.message}
              />
              <TextLink to="/forgot-password" className="self-end text-sm">
                {trans('Forgot your password')}
              </TextLink>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="remember"
          render={({ field }) => (
            <Checkbox isSelected={field.value} onChange={field.onChange} name={field.name}>
              {trans('Stay signed in for a month')}
            </Checkbox>
          )}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isPending={mutation.isPending}
          isDisabled={mutation.isPending}
        >
          {trans('Continue')}
        </Button>
      </form>
      <SocialButtons />
    </AuthLayout>
  );
}

export { LoginPage as Component };
