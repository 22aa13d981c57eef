import { useEffect, useId, useState } from 'react';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { normalizedLink } from './page-form.ts';

type Props = {
  isOpen: boolean;
  /** The link under the selection, when there is one. */
  current: string | null;
  onClose: () => void;
  onApply: (href: string | null) => void;
};

/** Asks for a link's address (or removes the link) for the selected text. */
export function LinkDialog({ isOpen, current, onClose, onApply }: Props) {
  const { trans } = useTrans();
  const formId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (isOpen) {
      setText(current ?? '');
      setError(undefined);
    }
  }, [isOpen, current]);
  const apply = () => {
    const href = normalizedLink(text);
    if (!href) {
      setError(trans('Enter a web address (https://…), an e-mail address, or a path on this site (/pages/…).'));
      return;
    }
    onApply(href);
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={current ? trans('Edit link') : trans('Add link')}
      size="sm"
      actions={
        <>
          {current && (
            <Button variant="danger-text" onPress={() => onApply(null)}>
              {trans('Remove link')}
            </Button>
          )}
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {trans('Apply')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog sits in the page's form (through a portal): its submit must not save the page.
          event.stopPropagation();
          apply();
        }}
      >
        <TextField
          label={trans('Address')}
          value={text}
          onChange={(value) => {
            setText(value);
            setError(undefined);
          }}
          autoFocus
          isRequired
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com"
          errorMessage={error}
        />
      </form>
    </Dialog>
  );
}
