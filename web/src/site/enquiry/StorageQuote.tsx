import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ENQUIRY_SENT_MESSAGE } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { quoteStorage } from './calculator.ts';

// The two modals (and the enquiry form with its validation) load when Get Quote first opens one.
const ContactDialog = lazy(() => import('./ContactDialog.tsx').then((m) => ({ default: m.ContactDialog })));
const StorageCalculatorDialog = lazy(() =>
  import('./StorageCalculatorDialog.tsx').then((m) => ({ default: m.StorageCalculatorDialog })),
);

type Open = { kind: 'none' } | { kind: 'calculator'; storage: string } | { kind: 'contact'; message: string };

/**
 * The large-storage offer's form (spec part 2, 2 and 9): a size in TB and Get Quote, which opens
 * the calculator modal; its Contact Us opens the contact modal with the quote as the message.
 */
export function StorageQuote() {
  const { trans } = useTrans();
  const [storage, setStorage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  // A fresh key per opening starts each modal from its own initial values.
  const [openCount, setOpenCount] = useState(0);

  const handleQuote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quote = quoteStorage(storage);
    if (!quote.ok) {
      setError(trans(quote.error));
      return;
    }
    setError(undefined);
    setOpenCount((n) => n + 1);
    setOpen({ kind: 'calculator', storage });
  };

  const close = () => setOpen({ kind: 'none' });

  return (
    <>
      <form noValidate onSubmit={handleQuote} className="flex w-full items-start gap-2 md:w-auto">
        <TextField
          label={trans('Storage (TB)')}
          placeholder={trans('Enter storage in TB')}
          inputMode="numeric"
          value={storage}
          onChange={setStorage}
          errorMessage={error}
          className="min-w-0 flex-1 md:w-72 md:flex-none"
        />
        <Button type="submit" size="lg" className="mt-6">
          {trans('Get Quote')}
        </Button>
      </form>
      <Suspense fallback={null}>
        {open.kind === 'calculator' && (
          <StorageCalculatorDialog
            key={`calculator-${openCount}`}
            isOpen
            onOpenChange={(isOpen) => !isOpen && close()}
            initialStorage={open.storage}
            onContact={(message) => setOpen({ kind: 'contact', message })}
          />
        )}
        {open.kind === 'contact' && (
          <ContactDialog
            key={`contact-${openCount}`}
            isOpen
            onOpenChange={(isOpen) => !isOpen && close()}
            message={open.message}
            onSent={() => {
              close();
              toast.positive(trans(ENQUIRY_SENT_MESSAGE));
            }}
          />
        )}
      </Suspense>
    </>
  );
}
