import { useState, type FormEvent } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { isNewsletterEmail } from './newsletter.ts';

/**
 * The landing page's newsletter box (spec part 2, 3 and 4): one email field. An invalid
 * address shows the error under the box; a valid one clears it and shows a browser alert.
 * No call is made.
 */
export function NewsletterBox() {
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
    <div data-testid="newsletter-box" className="mx-auto flex w-full max-w-[640px] flex-col items-center text-center">
      <h2 className="text-[28px] leading-9 font-semibold text-fg sm:text-4xl sm:leading-[44px]">
        {trans('Subscribe to our newsletter')}
      </h2>
      <p className="mt-3 text-base text-fg-muted">{trans('Get product news and storage tips in your inbox.')}</p>
      <form noValidate onSubmit={handleSubmit} className="mt-8 flex w-full flex-col gap-3 text-left sm:flex-row">
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
    </div>
  );
}
