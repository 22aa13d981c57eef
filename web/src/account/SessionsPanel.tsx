import { useState } from 'react';
import clsx from 'clsx';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { LogoutOtherSessionsBodySchema, type UserSession } from '@kosh/contracts';
import { accountApi } from '../api/account.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { queryClient } from '../api/query-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useRelativeTime, useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { textFieldProps } from '../ui/form-field.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../ui/zod-messages.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

const DEVICE_ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor } as const;
const DEVICE_LABELS = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as const;

function SessionRow({ session }: { session: UserSession }) {
  const { trans } = useTrans();
  const relative = useRelativeTime();
  const Icon = DEVICE_ICONS[session.device_type] ?? Monitor;
  const place = [session.city, session.country].filter(Boolean).join(', ');
  const device = [session.platform, session.browser].filter(Boolean).join(' · ') || trans('Unknown');
  return (
    <li className="flex items-start gap-4 py-3" data-testid="session">
      <span
        className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-fg-muted"
        title={trans(DEVICE_LABELS[session.device_type])}
      >
        <Icon size={20} aria-hidden />
        <span className="sr-only">{trans(DEVICE_LABELS[session.device_type])}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
          <span className="truncate">{device}</span>
          {session.is_current_device && (
            <span className="rounded-full bg-bg-chip px-2 py-0.5 text-xs font-medium text-fg">
              {trans('This device')}
            </span>
          )}
        </div>
        <div className="mt-0.5 text-xs text-fg-muted">
          {[place, session.ip_address, trans('Last active :time', { time: relative(session.last_active) })]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </div>
    </li>
  );
}

type Values = { password: string };

function LogoutOthersDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { trans } = useTrans();
  const form = useForm<Values>({
    mode: 'onChange',
    defaultValues: { password: '' },
    resolver: useTranslatedResolver(zodResolver(LogoutOtherSessionsBodySchema) as unknown as Resolver<Values>),
  });
  const mutation = useMutation({
    // One password prompt covers both: it confirms the session's password, then ends the others.
    mutationFn: async ({ password }: Values) => {
      const { confirmed } = await accountApi.passwordConfirmationStatus();
      if (!confirmed) await accountApi.confirmPassword(password);
      return accountApi.logoutOtherSessions(password);
    },
    meta: { handledStatuses: 'all' },
    onSuccess: async () => {
      form.reset();
      onOpenChange(false);
      toast.positive(trans('Logged out other sessions.'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions });
    },
    onError: (error) => applyServerErrors(error, form, ['password']),
  });
  const formId = 'logout-others-form';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      title={trans('Log out other sessions')}
      actions={
        <>
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            isPending={mutation.isPending}
            isDisabled={!form.formState.isValid || mutation.isPending}
          >
            {trans('Log out other sessions')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit((v) => mutation.mutate(v))}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-fg-muted">
          {trans(
            'Please enter your password to confirm you would like to log out of your other browser sessions ' +
              'across all of your devices.',
          )}
        </p>
        <Controller
          control={form.control}
          name="password"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              type="password"
              revealable
              label={trans('Password')}
              autoComplete="current-password"
              isRequired
              autoFocus
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </form>
    </Dialog>
  );
}

/** Active sessions (part 1, 2.7): list at most 400 px tall, and logging out the others. */
export function SessionsPanel() {
  const { trans } = useTrans();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const sessions = useQuery({
    queryKey: queryKeys.account.sessions,
    queryFn: ({ signal }) => accountApi.sessions(signal).then((r) => r.sessions),
  });
  return (
    <SettingsPanel
      id="sessions"
      title={trans('Active sessions')}
      description={trans(
        'If necessary, you may log out of all of your other browser sessions across all of your devices. ' +
          'If you feel your account has been compromised, you should also update your password.',
      )}
      actions={
        <Button variant="secondary" onPress={() => setDialogOpen(true)}>
          {trans('Log out other sessions')}
        </Button>
      }
    >
      {sessions.data ? (
        <ul
          className={clsx(
            '-my-3 max-h-[400px] divide-y divide-divider overflow-y-auto rounded-kosh',
            'focus-visible:outline-2 focus-visible:outline-primary',
          )}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
          tabIndex={0}
          aria-label={trans('Active sessions')}
          data-testid="sessions-list"
        >
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      ) : (
        <Spinner className="mx-auto" />
      )}
      <LogoutOthersDialog isOpen={isDialogOpen} onOpenChange={setDialogOpen} />
    </SettingsPanel>
  );
}
