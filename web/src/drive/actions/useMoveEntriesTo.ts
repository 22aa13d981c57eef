import { useCallback } from 'react';
import { useMoveEntries } from '../../api/drive-mutations.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

export type MoveDestination = { id: number | null; name: string };

/** Moves entries (optimistically) and says where they went. */
export function useMoveEntriesTo() {
  const { trans } = useTrans();
  const { mutate } = useMoveEntries();
  return useCallback(
    (ids: number[], destination: MoveDestination) =>
      mutate(
        { ids, destinationId: destination.id },
        {
          onSuccess: () =>
            toast.positive(
              trans(ids.length === 1 ? 'Moved 1 item to :folder' : 'Moved :count items to :folder', {
                count: ids.length,
                folder: destination.name,
              }),
            ),
        },
      ),
    [mutate, trans],
  );
}
