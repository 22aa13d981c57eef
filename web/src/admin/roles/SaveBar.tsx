import clsx from 'clsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';

type Props = {
  isVisible: boolean;
  isSaving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** The label of the save button ('Save', 'Create role'). */
  saveLabel?: string;
  /** The bar's line ('Unsaved changes'). */
  message?: string;
};

/** A bar at the foot of the screen while the form has unsaved changes: Discard and Save. */
export function SaveBar({ isVisible, isSaving, onSave, onDiscard, saveLabel, message }: Props) {
  const { trans } = useTrans();
  if (!isVisible) return null;
  return (
    <section
      aria-label={trans('Unsaved changes')}
      className={clsx(
        'sticky bottom-0 z-10 -mx-4 mt-2 flex items-center gap-2 border-t border-divider bg-bg px-4 py-3',
        'md:-mx-8 md:px-8',
        'shadow-[0_-4px_12px_rgb(0_0_0/0.06)] data-[entering]:animate-fade-in',
      )}
    >
      <p className="min-w-0 flex-1 truncate text-sm text-fg">{message ?? trans('Unsaved changes')}</p>
      <Button variant="text" onPress={onDiscard} isDisabled={isSaving}>
        {trans('Discard')}
      </Button>
      <Button onPress={onSave} isPending={isSaving} isDisabled={isSaving}>
        {saveLabel ?? trans('Save')}
      </Button>
    </section>
  );
}
