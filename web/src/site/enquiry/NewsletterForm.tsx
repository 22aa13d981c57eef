import { useState, type FormEvent } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { isNewsletterEmail } from './newsletter.ts';

/**
 * The newsletter box's one email field (spec part 2, 3 and 4). An invalid address shows the
 * error under the box; a valid one clears it and shows a browser alert. No call is made.
 */
export function NewsletterForm() {
  const { trans } = useTrans();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isNewsletterEmail(email)) {
      setError(trans('Please enter a valid email address.'));
      return;
    }
    setError(undefined);
    window.alert(trans('Thank you for subscribing!'));
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex w-full flex-col gap-3 text-left sm:flex-row">
      <TextField
        type="email"
        name="newsletter-email"
        autoComplete="email"
        label={<span className="sr-only">{trans('Email')}</span>}
        placeholder={trans('Enter your email')}
        value={email}
        onChange={setEmail}
        errorMessage={error}
        className="flex-1"
      />
      <Button type="submit" size="lg" className="sm:mt-1 sm:self-start">
        {trans('Subscribe')}
      </Button>
    </form>
  );
}
