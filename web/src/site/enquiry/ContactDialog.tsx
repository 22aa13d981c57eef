import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';

export type ContactDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The calculator's result, the message's starting text. */
  message: string;
  onSent: () => void;
};

/** The calculator's contact modal (spec part 2, 2): 5-row message, Back closes it, a send closes it. */
export function ContactDialog({ isOpen, onOpenChange, message, onSent }: ContactDialogProps) {
  const { trans } = useTrans();
  return (
    <Dialog title={trans('Contact Us')} isOpen={isOpen} onOpenChange={onOpenChange}>
      <EnquiryForm
        kind="contact"
        rows={5}
        initialMessage={message}
        onSent={onSent}
        autoFocus
        secondaryAction={
          <Button variant="text" size="lg" onPress={() => onOpenChange(false)}>
            {trans('Back')}
          </Button>
        }
      />
    </Dialog>
  );
}
