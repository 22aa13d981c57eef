import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { maskEmail, VERIFICATION_CODE_LENGTH, VerifyEmailBodySchema, type User } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { authApi, useLogout } from '../../api/auth.api.ts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useCurrentUser } from '../../shell/bootstrap-store.ts';
import { defaultRedirectFor } from '../../shell/redirects.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { AuthLayout } from '../AuthLayout.tsx';

type Values = { code: string };

/**
 * The screen says a code was sent: when it first shows in this browser session, ask for one
 * unless one is already waiting (confirmation turned on after sign-up, or the code expired).
 */
function useFirstCode(userId: number | undefined, email: string | undefined) {
  useEffect(() => {
    if (!userId || !email) return;
    const key = `kosh-verification-asked-${userId}`;
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, '1');
    authApi.resendVerification(email, { ifNonePending: true }).catch(() => window.sessionStorage.removeItem(key));
  }, [userId, email]);
}

/**
 * Shown instead of the app while settings require email confirmation and the user has no
 * email_verified_at (part 1, 2.5): a 6-digit code from the mail, a resend link, and Back,
 * which logs out. A correct code reloads the page and the normal app shows.
 */
export function EmailVerificationScreen() {
  const { trans } = useTrans();
  const bootUser = useCurrentUser();
  const { logout, isPending: isLoggingOut } = useLogout();
  const me = useQuery({
    queryKey: queryKeys.account.me,
    queryFn: ({ signal }) =>
      call(endpoints.getMe, { signal }).then((r): Pick<User, 'email' | 'email_verified_at'> => r.user),
    meta: { handledStatuses: 'all' },
  });
  const email = me.data?.email ?? bootUser?.email;
  // Verified meanwhile (another tab): show the app.
  useEffect(() => {
    if (me.data?.email_verified_at) window.location.reload();
  }, [me.data?.email_verified_at]);

  const form = useForm<Values>({
    defaultValues: { code: '' },
    resolver: useTranslatedResolver(zodResolver(VerifyEmailBodySchema) as unknown as Resolver<Values>),
  });
  const verify = useMutation({
    mutationFn: ({ code }: Values) => authApi.verifyEmail(code),
    meta: { handledStatuses: 'all' },
    // The page reloads and the app shows (part 1, 2.5); from '/' (where registration sends an
    // unverified user, now the public landing page) it goes on to where a sign-in would.
    onSuccess: () =>
      window.location.pathname === '/'
        ? window.location.replace(defaultRedirectFor(bootUser, window.sessionStorage))
        : window.location.reload(),
    onError: (error) => applyServerErrors(error, form, ['code']),
  });
  const resend = useMutation({
    mutationFn: () => authApi.resendVerification(email ?? ''),
    onSuccess: () => toast.positive(trans('Email sent')),
  });
  useFirstCode(bootUser?.id, email);
  // Keep the spinner up through the reload that follows a correct code.
  const isSubmitting = verify.isPending || verify.isSuccess;

  return (
    <AuthLayout
      title={trans('Verify your email')}
      heading={trans('Verify your email')}
      before={
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3 mb-4"
          startIcon={<ArrowLeft size={18} aria-hidden />}
          onPress={logout}
          isDisabled={isLoggingOut}
        >
          {trans('Back')}
        </Button>
      }
    >
      {isSubmitting ? (
        <div className="flex min-h-48 items-center justify-center" data-testid="verification-spinner">
          <Spinner size={40} immediate />
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((v) => verify.mutate(v))} className="flex flex-col gap-5">
          <p className="text-sm text-fg-muted">
            {trans('Enter the verification code we sent to :email', { email: maskEmail(email) })}
          </p>
          <Controller
            control={form.control}
            name="code"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                onChange={(value) => field.onChange(value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))}
                label={trans('Code')}
                placeholder={trans('Enter your verification code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH}
                isRequired
                autoFocus
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          <Button type="submit" size="lg" className="w-full" isDisabled={verify.isPending}>
            {trans('Next')}
          </Button>
          <p className="text-sm text-fg-muted">
            {trans("Can't find the email? Check your spam and promotions folders, or")}{' '}
            <AriaButton
              className={clsx(
                'inline cursor-pointer rounded-kosh font-medium text-primary',
                'hover:underline data-[disabled]:cursor-default data-[disabled]:opacity-50',
                focusRing,
              )}
              onPress={() => resend.mutate()}
              isDisabled={resend.isPending || !email}
            >
              {trans('request a resend')}
            </AriaButton>
            .
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
