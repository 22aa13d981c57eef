import { useState, type FormEvent } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { quoteStorage, type StorageQuote } from './calculator.ts';

export type StorageCalculatorDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The size the offer's Get Quote was pressed with. */
  initialStorage: string;
  /** Contact Us: receives the result text for the contact modal's message. */
  onContact: (quoteText: string) => void;
};

/**
 * The Get Quote modal (spec part 2, 2 and 9): the size in TB, the monthly cost in rupees with
 * the note that GST and a convenience fee are extra, errors under the input, and Contact Us.
 */
export function StorageCalculatorDialog({
  isOpen,
  onOpenChange,
  initialStorage,
  onContact,
}: StorageCalculatorDialogProps) {
  const { trans } = useTrans();
  const [storage, setStorage] = useState(initialStorage);
  const [quote, setQuote] = useState<StorageQuote>(() => quoteStorage(initialStorage));
  const [quotedStorage, setQuotedStorage] = useState(initialStorage);

  const handleCalculate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuote(quoteStorage(storage));
    setQuotedStorage(storage);
  };

  const cost = quote.ok ? trans('₹:amount per month', { amount: quote.amount }) : '';
  const quoteText = quote.ok
    ? [
        `${trans('Storage (TB)')}: ${quotedStorage}`,
        `${trans('Estimated cost')}: ${cost}`,
        trans('GST and convenience fee extra.'),
      ].join('\n')
    : '';

  return (
    <Dialog
      title={trans('Storage calculator')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Close')}
          </Button>
          <Button isDisabled={!quote.ok} onPress={() => onContact(quoteText)}>
            {trans('Contact Us')}
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={handleCalculate} className="flex items-start gap-2">
        <TextField
          label={trans('Storage (TB)')}
          placeholder={trans('Enter storage in TB')}
          inputMode="numeric"
          value={storage}
          onChange={setStorage}
          errorMessage={quote.ok ? undefined : trans(quote.error)}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" size="lg" className="mt-6">
          {trans('Calculate')}
        </Button>
      </form>
      {quote.ok && (
        <div className="mt-5 rounded-kosh bg-bg-alt p-4" data-testid="storage-quote">
          <p className="text-sm text-fg-muted">{trans('Estimated cost')}</p>
          <p className="mt-1 text-2xl font-medium text-fg" aria-live="polite">
            {cost}
          </p>
          <p className="mt-2 text-xs text-fg-muted">{trans('GST and convenience fee extra.')}</p>
        </div>
      )}
    </Dialog>
  );
}
