import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { applyBootstrapData, authApi, type RegisterPayload } from '../api/auth.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useSettings } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { registrationRedirectFor } from '../shell/redirects.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { lazyResolver } from '../ui/lazy-resolver.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { TextLink } from './auth-links.tsx';
import { passHumanCheck, recaptchaProvider } from './human-check.ts';
import { PolicyCheckbox } from './PolicyCheckbox.tsx';
import { SocialButtons } from './social/SocialButtons.tsx';

type Values = { email: string; password: string; password_confirmation: string } & Record<string, unknown>;

/** Registration (part 1, 2.4). */
export function RegisterPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { inviteId } = useParams();
  const [searchParams] = useSearchParams();
  const [isCheckingHuman, setCheckingHuman] = useState(false);
  const lockedEmail = searchParams.get('email') ?? undefined;
  const inviteType = searchParams.get('invite_type') ?? undefined;
  const policies = useMemo(() => settings.registration?.policies ?? [], [settings.registration?.policies]);
  const resolver = useMemo(
    () => lazyResolver<Values>(() => import('./register-schema.ts').then((m) => m.registerResolver<Values>(policies))),
    [policies],
  );
  const form = useForm<Values>({
    defaultValues: {
      email: lockedEmail ?? '',
      password: '',
      password_confirmation: '',
      ...Object.fromEntries(policies.map((p) => [p.id, false])),
    },
    resolver: useTranslatedResolver(resolver),
  });
  const fieldNames = ['email', 'password', 'password_confirmation', ...policies.map((p) => p.id)];
  const mutation = useMutation({
    mutationFn: (payload: RegisterPayload) => authApi.register(payload),
    meta: { handledStatuses: 'all' },
    onSuccess: async (response) => {
      const data = applyBootstrapData(response.bootstrapData);
      // Registered from a workspace invite: join it and make it the active workspace (part 1, 4).
      if (inviteId && pathname.includes('workspace')) {
        // Only invited people need it: the page itself loads without the workspace code.
        const { joinInvitedWorkspace } = await import('../workspaces/join-invite.ts');
        await joinInvitedWorkspace(inviteId);
      }
      await navigate(registrationRedirectFor(response.status, data.user, window.sessionStorage), { replace: true });
    },
    onError: (error) => applyServerErrors(error, form, fieldNames),
  });

  if (settings.registration?.disable && !pathname.includes('workspace') && !inviteType)
    return <Navigate to="/login" replace />;

  const submit = async (values: Values) => {
    setCheckingHuman(true);
    const isHuman = await passHumanCheck(
      settings.recaptcha,
      'register',
      recaptchaProvider,
      authApi.verifyHuman,
    ).finally(() => setCheckingHuman(false));
    if (!isHuman) {
      toast.danger(trans('Could not verify you are human.'));
      return;
    }
    mutation.mutate({ ...values, invite_id: inviteId, invite_type: inviteType });
  };

  const heading =
    inviteId || pathname.includes('workspace')
      ? trans('To join your team on :siteName, create an account', { siteName: settings.branding.site_name })
      : searchParams.get('redirectFrom') === 'pricing'
        ? trans("First, let's create your account")
        : trans('Create a new account');
  const isBusy = isCheckingHuman || mutation.isPending;

  return (
    <AuthLayout
      heading={heading}
      title={trans('Register')}
      below={
        <div className="flex flex-col gap-2">
          <p>
            <TextLink to="/login">{trans("Don't have an account? Sign in.")}</TextLink>
          </p>
          <p>
            <TextLink to="/contact">{trans('Got a query? Contact us.')}</TextLink>
          </p>
        </div>
      }
    >
      <form noValidate onInput={resolver.load} onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-5">
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
            <TextField
              {...textFieldProps(field)}
              type="password"
              revealable
              label={trans('Password')}
              autoComplete="new-password"
              isRequired
              autoFocus={!!lockedEmail}
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
              label={trans('Confirm password')}
              autoComplete="new-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        {policies.map((policy) => (
          <Controller
            key={policy.id}
            control={form.control}
            name={policy.id}
            render={({ field, fieldState }) => (
              <PolicyCheckbox
                policy={policy}
                isSelected={field.value === true}
                onChange={field.onChange}
                errorMessage={fieldState.error?.message}
              />
            )}
          />
        ))}
        <Button type="submit" size="lg" className="w-full" isPending={isBusy} isDisabled={isBusy}>
          {trans('Create an account')}
        </Button>
      </form>
      <SocialButtons />
    </AuthLayout>
  );
}

export { RegisterPage as Component };
