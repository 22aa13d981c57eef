import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  label: string;
  submitLabel: string;
  initialValue: string;
  /** Characters selected when the dialog opens (the name without its extension). */
  selectLength?: number;
  errorMessage?: string;
  isPending?: boolean;
  onSubmit: (name: string) => void;
};

/** One name field with Cancel and a primary action: new folder and rename. */
export function NameDialog({
  isOpen,
  onClose,
  title,
  label,
  submitLabel,
  initialValue,
  selectLength,
  errorMessage,
  isPending,
  onSubmit,
}: Props) {
  const { trans } = useTrans();
  const [value, setValue] = useState(initialValue);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    setValue(initialValue);
    // After react-aria has moved focus into the dialog.
    const frame = requestAnimationFrame(() => input.current?.setSelectionRange(0, selectLength ?? initialValue.length));
    return () => cancelAnimationFrame(frame);
  }, [isOpen, initialValue, selectLength]);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (value.trim() && !isPending) onSubmit(value.trim());
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button onPress={() => submit()} isDisabled={!value.trim() || isPending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} className="pt-1">
        <TextField
          ref={input}
          label={label}
          value={value}
          onChange={setValue}
          autoFocus
          isRequired
          errorMessage={errorMessage}
        />
      </form>
    </Dialog>
  );
}
