import { useEffect, useId, useState } from 'react';
import { LINE_KEY_MAX, LINE_VALUE_MAX } from '@kosh/contracts/localization-constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /** Whether the key is a line already (it is then found with the search instead). */
  hasKey: (key: string) => boolean;
  onAdd: (key: string, value: string) => void;
};

/**
 * "Add key": a line the app's English lines do not hold (a custom menu label, a page title),
 * with its translation. It joins the unsaved changes; Save sends it.
 */
export function AddKeyDialog({ isOpen, onClose, hasKey, onAdd }: Props) {
  const { trans } = useTrans();
  const formId = useId();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (!isOpen) return;
    setKey('');
    setValue('');
    setError('');
  }, [isOpen]);
  const submit = () => {
    const trimmed = key.trim();
    if (!trimmed) return setError(trans('Enter the key.'));
    if (hasKey(trimmed)) return setError(trans('This key is already a line: search for it.'));
    onAdd(trimmed, value);
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={trans('Add key')}
      actions={
        <>
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {trans('Add')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={trans('Key')}
          description={trans('The English text as the site shows it, such as a menu label you added.')}
          value={key}
          onChange={(next) => {
            setKey(next);
            setError('');
          }}
          maxLength={LINE_KEY_MAX}
          errorMessage={error || undefined}
          isRequired
          autoFocus
          autoComplete="off"
        />
        <TextArea label={trans('Translation')} value={value} onChange={setValue} maxLength={LINE_VALUE_MAX} rows={3} />
      </form>
    </Dialog>
  );
}
