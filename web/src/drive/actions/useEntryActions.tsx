import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FileEntry } from '@kosh/contracts';
import { downloadUrl } from '../../api/drive.api.ts';
import { useLeaveShares } from '../../api/shares.api.ts';
import {
  useCopyEntries,
  useDeleteForever,
  useEmptyTrash,
  useRenameEntry,
  useRestoreEntries,
  useStarEntries,
  useTrashEntries,
} from '../../api/drive-mutations.api.ts';
import { useTrans, type TransFn } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { MoveDialog } from '../dialogs/MoveDialog.tsx';
import { NameDialog } from '../dialogs/NameDialog.tsx';
import { splitExtension } from '../entry-format.ts';
import { isFolder } from '../file-types.ts';
import type { DriveSection, EntryAction } from './entry-actions.ts';
import { useMoveEntriesTo } from './useMoveEntriesTo.ts';

// The Share dialog loads when first opened: it stays out of the drive's first load.
const ShareDialog = lazy(() => import('../share/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

type OpenDialog =
  | { kind: 'rename'; entry: FileEntry }
  | { kind: 'move' | 'deleteForever' | 'share'; entries: FileEntry[] }
  | { kind: 'emptyTrash' };
type Bulk = { results?: Array<{ ok: boolean; message?: string }> };

/** Starts a download through a link, so the browser keeps the page and shows its own progress. */
export function startDownload(entries: FileEntry[]): void {
  const link = document.createElement('a');
  link.href = downloadUrl(entries);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** "1 item moved to trash" or ":count items moved to trash". */
const counted = (trans: TransFn, one: string, many: string, count: number) =>
  trans(count === 1 ? one : many, { count });

/** A bulk answer with refused items shows the first refusal. */
function reportRefusals(answer: Bulk) {
  const refused = answer.results?.find((r) => !r.ok);
  if (refused?.message) toast.danger(refused.message);
}

/** Runs the entry actions of a section, with their dialogs, confirmations and result toasts. */
export function useEntryActions({
  section,
  onPreview,
  onDetails,
}: {
  section: DriveSection;
  onPreview: (entry: FileEntry) => void;
  onDetails: () => void;
}) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const rename = useRenameEntry();
  const star = useStarEntries();
  const copy = useCopyEntries();
  const trash = useTrashEntries();
  const restore = useRestoreEntries();
  const deleteForever = useDeleteForever();
  const emptyTrash = useEmptyTrash();
  const leave = useLeaveShares();
  const moveTo = useMoveEntriesTo();
  const close = useCallback(() => setDialog(null), []);

  const run = useCallback(
    (action: EntryAction, entries: FileEntry[]) => {
      const ids = entries.map((e) => e.id);
      const count = ids.length;
      if (!count) return;
      switch (action) {
        case 'open':
          if (section !== 'trash' && isFolder(entries[0])) void navigate(`/drive/folders/${entries[0].hash}`);
          return;
        case 'preview':
          return onPreview(entries[0]);
        case 'details':
          return onDetails();
        case 'download':
          return startDownload(entries);
        case 'rename':
          return setDialog({ kind: action, entry: entries[0] });
        case 'share':
          return setDialog({ kind: action, entries });
        case 'leave':
          return leave.mutate(
            { ids },
            {
              onSuccess: (answer) => {
                toast.positive(
                  counted(
                    trans,
                    '1 item removed from shared with me',
                    ':count items removed from shared with me',
                    count,
                  ),
                );
                reportRefusals(answer);
              },
            },
          );
        case 'move':
        case 'deleteForever':
          return setDialog({ kind: action, entries });
        case 'star':
        case 'unstar':
          return star.mutate(
            { ids, starred: action === 'star' },
            { onSuccess: () => toast.positive(trans(action === 'star' ? 'Added to starred' : 'Removed from starred')) },
          );
        case 'copy':
          return copy.mutate(
            { ids },
            {
              onSuccess: ({ entries: made }) =>
                toast.positive(counted(trans, '1 copy made', ':count copies made', made.length)),
            },
          );
        case 'restore':
          return restore.mutate(
            { ids },
            { onSuccess: () => toast.positive(counted(trans, '1 item restored', ':count items restored', count)) },
          );
        case 'trash':
          return trash.mutate(
            { ids },
            {
              onSuccess: (answer) => {
                toast.positive(counted(trans, '1 item moved to trash', ':count items moved to trash', count), {
                  action: { label: 'Undo', action: () => restore.mutate({ ids }) },
                });
                reportRefusals(answer);
              },
            },
          );
      }
    },
    [section, navigate, onPreview, onDetails, star, copy, restore, trash, leave, trans],
  );

  const element = (
    <>
      {dialog?.kind === 'rename' && (
        <NameDialog
          isOpen
          onClose={close}
          title={trans('Rename')}
          label={trans('Name')}
          submitLabel={trans('Rename')}
          initialValue={dialog.entry.name}
          selectLength={splitExtension(dialog.entry.name, isFolder(dialog.entry))[0].length}
          onSubmit={(name) => {
            if (name !== dialog.entry.name) rename.mutate({ id: dialog.entry.id, name });
            close();
          }}
        />
      )}
      {dialog?.kind === 'share' && (
        <Suspense fallback={null}>
          <ShareDialog entries={dialog.entries} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          entries={dialog.entries}
          onClose={close}
          onMove={(destination) =>
            moveTo(
              dialog.entries.map((e) => e.id),
              destination,
            )
          }
        />
      )}
      {dialog?.kind === 'deleteForever' && (
        <ConfirmDialog
          isOpen
          onClose={close}
          title={trans('Delete forever')}
          body={trans('Are you sure you want to permanently delete the selected items?')}
          confirmLabel={trans('Delete forever')}
          onConfirm={() => {
            const n = dialog.entries.length;
            deleteForever.mutate(
              { ids: dialog.entries.map((e) => e.id) },
              {
                onSuccess: (answer) => {
                  toast.positive(counted(trans, '1 item deleted forever', ':count items deleted forever', n));
                  reportRefusals(answer);
                },
              },
            );
          }}
        />
      )}
      {dialog?.kind === 'emptyTrash' && (
        <ConfirmDialog
          isOpen
          onClose={close}
          title={trans('Empty trash')}
          body={trans('Items in trash will be deleted forever.')}
          confirmLabel={trans('Empty trash')}
          onConfirm={() => emptyTrash.mutate(undefined, { onSuccess: () => toast.positive(trans('Trash emptied')) })}
        />
      )}
    </>
  );
  return { run, element, confirmEmptyTrash: useCallback(() => setDialog({ kind: 'emptyTrash' }), []) };
}
