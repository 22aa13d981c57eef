import type { ReactNode } from 'react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { IconButton } from './Button.tsx';

export type DialogProps = Omit<ModalOverlayProps, 'children' | 'className'> & {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
};

const widths = { sm: 'sm:max-w-[400px]', md: 'sm:max-w-[560px]', lg: 'sm:max-w-[800px]' };

/**
 * Centred, 16 px radius, 20 px title, actions bottom right; full screen on mobile.
 * Escape closes and focus is trapped (react-aria).
 */
export function Dialog({
  title,
  children,
  actions,
  size = 'md',
  role = 'dialog',
  isDismissable = true,
  ...props
}: DialogProps) {
  const { trans } = useTrans();
  return (
    <ModalOverlay
      {...props}
      isDismissable={isDismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 data-[entering]:animate-fade-in sm:p-4"
    >
      <Modal
        className={clsx(
          'h-full w-full bg-bg shadow-xl data-[entering]:animate-pop-in sm:h-auto sm:rounded-kosh-lg',
          widths[size],
        )}
      >
        <AriaDialog role={role} className="flex h-full max-h-[100dvh] flex-col outline-none sm:max-h-[90dvh]">
          {({ close }) => (
            <>
              <div className="flex items-center gap-2 px-6 pt-5 pb-3">
                <Heading slot="title" className="flex-1 text-xl font-medium text-fg">
                  {title}
                </Heading>
                <IconButton label={trans('Close')} size="sm" onPress={close} showTooltip={false}>
                  <X size={20} aria-hidden />
                </IconButton>
              </div>
              <div className="flex-1 overflow-y-auto px-6 pb-4 text-base text-fg">{children}</div>
              {actions && <div className="flex justify-end gap-2 px-6 pt-2 pb-5">{actions}</div>}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
