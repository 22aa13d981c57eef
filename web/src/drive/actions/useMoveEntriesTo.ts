import { useCallback } from 'react';
import { useMoveEntries } from '../../api/drive-mutations.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { progressToast, reportOutcome } from './bulk-report.ts';

export type MoveDestination = { id: number | null; name: string };

/** Moves entries (optimistically, 1,000 a call with progress) and says where they went and what was refused. */
export function useMoveEntriesTo() {
  const { trans } = useTrans();
  const { mutate } = useMoveEntries();
  return useCallback(
    (ids: number[], destination: MoveDestination) =>
      mutate(
        { ids, destinationId: destination.id, onProgress: progressToast(trans) },
        {
          onSuccess: (outcome) =>
            reportOutcome(trans, outcome, (done) =>
              trans(done === 1 ? 'Moved 1 item to :folder' : 'Moved :count items to :folder', {
                count: done.toLocaleString(),
                folder: destination.name,
              }),
            ),
        },
      ),
    [mutate, trans],
  );
}
