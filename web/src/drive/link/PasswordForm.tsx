import { useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { Lock } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';

type Props = { error?: string; isPending: boolean; onSubmit: (password: string) => void };

/** The password form of a protected link (spec part 2, 4): loading waits until a password is given. */
export function PasswordForm({ error, isPending, onSubmit }: Props) {
  const { trans } = useTrans();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <div className="flex flex-1 items-start justify-center px-4 pt-16 pb-8 sm:items-center sm:pt-8">
      <form
        onSubmit={submit}
        data-testid="link-password-form"
        className={clsx(
          'flex w-full max-w-[440px] flex-col gap-5',
          'rounded-kosh-lg border border-divider bg-bg p-6 shadow-sm sm:p-8',
        )}
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-bg-chip text-primary">
            <Lock size={26} aria-hidden />
          </span>
          <h1 className="text-xl font-medium text-fg">{trans('This link is password protected')}</h1>
          <p className="text-sm text-fg-muted">{trans('Enter the password to view the shared files.')}</p>
        </div>
        <TextField
          label={trans('Password')}
          type="password"
          revealable
          autoFocus
          value={password}
          onChange={setPassword}
          autoComplete="off"
          errorMessage={error}
        />
        <Button type="submit" size="lg" className="w-full" isDisabled={!password || isPending}>
          {trans('Unlock')}
        </Button>
      </form>
    </div>
  );
}
