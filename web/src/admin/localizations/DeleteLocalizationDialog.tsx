import type { AdminLocalization } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useDeleteLocalization } from './localizations.api.ts';

type Props = { localization: AdminLocalization | null; onClose: () => void };

/** Confirms deleting a localization; people who use it see the default language instead. */
export function DeleteLocalizationDialog({ localization, onClose }: Props) {
  const { trans } = useTrans();
  const remove = useDeleteLocalization();
  return (
    <Dialog
      isOpen={localization !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={trans('Delete :name?', { name: localization?.name ?? '' })}
      role="alertdialog"
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={onClose} isDisabled={remove.isPending} autoFocus>
            {trans('Cancel')}
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            onPress={() =>
              localization &&
              remove.mutate(localization.id, {
                onSuccess: () => {
                  toast.positive(trans('Deleted :name', { name: localization.name }));
                  onClose();
                },
              })
            }
          >
            {trans('Delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        {trans('Its translations are deleted. People who use it see the default language instead.')}
      </p>
    </Dialog>
  );
}
