import { Controller, useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { BootstrapData } from '@kosh/contracts';
import { applyBootstrapData } from '../api/auth.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { http } from '../api/http.ts';
import { useSettings } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { defaultRedirectFor } from '../shell/redirects.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { TextLink } from './auth-links.tsx';

type Values = { email: string; password: string; password_confirmation: string };
type RegisterResponse = { bootstrapData: BootstrapData | string; status?: string };

/**
 * Registration (part 1, 2.4). Policies, extra fields, social buttons and the human check
 * arrive with the accounts issue; this form already posts auth/register.
 */
export function RegisterPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { inviteId } = useParams();
  const [searchParams] = useSearchParams();
  const lockedEmail = searchParams.get('email') ?? undefined;
  const inviteType = searchParams.get('invite_type') ?? undefined;
  const form = useForm<Values>({ defaultValues: { email: lockedEmail ?? '', password: '', password_confirmation: '' } });
  const mutation = useMutation({
    mutationFn: (values: Values) => http.post<RegisterResponse>('auth/register', { ...values, invite_id: inviteId, invite_type: inviteType }),
    meta: { handledStatuses: 'all' },
    onSuccess: async (response) => {
      const data = applyBootstrapData(response.bootstrapData);
      const to = response.status === 'needs_email_verification' ? '/' : defaultRedirectFor(data.user, window.sessionStorage);
      await navigate(to, { replace: true });
    },
    onError: (error) => applyServerErrors(error, form, ['email', 'password', 'password_confirmation']),
  });

  if (settings.registration?.disable && !pathname.includes('workspace') && !inviteType) return <Navigate to="/login" replace />;

  const heading = inviteId || pathname.includes('workspace')
    ? trans('To join your team on :siteName, create an account', { siteName: settings.branding.site_name })
    : searchParams.get('redirectFrom') === 'pricing'
      ? trans("First, let's create your account")
      : trans('Create a new account');
  const required = { required: trans('This field is required.') };

  return (
    <AuthLayout
      heading={heading}
      title={trans('Register')}
      below={
        <div className="flex flex-col gap-2">
          <p>
            <TextLink to="/login">{trans('Already have an account? Sign in.')}</TextLink>
          </p>
          <p>
            <TextLink to="/contact">{trans('Got a query? Contact us.')}</TextLink>
          </p>
        </div>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))} className="flex flex-col gap-5">
        <Controller control={form.control} name="email" rules={required} render={({ field, fieldState }) => (
          <TextField {...textFieldProps(field)} type="email" label={trans('Email')} autoComplete="email" isRequired isReadOnly={!!lockedEmail} errorMessage={fieldState.error?.message} />
        )} />
        <Controller control={form.control} name="password" rules={required} render={({ field, fieldState }) => (
          <TextField {...textFieldProps(field)} type="password" revealable label={trans('Password')} autoComplete="new-password" isRequired errorMessage={fieldState.error?.message} />
        )} />
        <Controller control={form.control} name="password_confirmation" rules={required} render={({ field, fieldState }) => (
          <TextField {...textFieldProps(field)} type="password" revealable label={trans('Confirm password')} autoComplete="new-password" isRequired errorMessage={fieldState.error?.message} />
        )} />
        <Button type="submit" size="lg" className="w-full" isPending={mutation.isPending}>
          {trans('Create an account')}
        </Button>
      </form>
    </AuthLayout>
  );
}

export { RegisterPage as Component };
