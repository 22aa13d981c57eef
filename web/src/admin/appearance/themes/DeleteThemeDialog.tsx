import { useState } from 'react';
import type { Theme } from '@kosh/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { refreshThemes, themesApi } from './themes.api.ts';

type Props = { theme: Theme | null; onClose: () => void; onDeleted?: () => void };

/** Confirms deleting a theme; the server's refusal (the last light or dark theme) is shown in the dialog. */
export function DeleteThemeDialog({ theme, onClose, onDeleted }: Props) {
  const { trans } = useTrans();
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  const remove = async () => {
    if (!theme) return;
    setPending(true);
    try {
      await themesApi.delete(theme.id);
      toast.positive(trans('Theme deleted'));
      close();
      onDeleted?.();
      await refreshThemes();
    } catch (e) {
      if (isApiError(e) && e.status === 422) setError(e.errors.theme?.[0] ?? e.message);
      else showHttpErrorToast(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      isOpen={!!theme}
      onClose={close}
      title={trans('Delete theme?')}
      confirmLabel={trans('Delete')}
      onConfirm={() => void remove()}
      isPending={isPending}
    >
      <p>
        {trans('The theme :name is deleted. Users who chose it see the default theme.', { name: theme?.name ?? '' })}
      </p>
      {error && (
        <p role="alert" className="mt-3 text-danger">
          {trans(error)}
        </p>
      )}
    </ConfirmDialog>
  );
}
