import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BulkAction, BulkSelection, FileEntry } from '@kosh/contracts';
import { downloadUrl, selectionDownloadUrl } from '../../api/drive.api.ts';
import { useLeaveShares } from '../../api/shares.api.ts';
import {
  useBulkSelection,
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
import { progressToast, reportOutcome, workingToast } from './bulk-report.ts';
import { startDownloadAt } from './start-download.ts';
import type { DriveSection, EntryAction } from './entry-actions.ts';
import { useMoveEntriesTo, type MoveDestination } from './useMoveEntriesTo.ts';

// The Share dialog loads when first opened: it stays out of the drive's first load.
const ShareDialog = lazy(() => import('../share/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
// Loads on first use, like the share dialog: the listing need not carry the tag input.
const TagsDialog = lazy(() => import('../tags/TagsDialog.tsx').then((m) => ({ default: m.TagsDialog })));

/** Every entry of a folder or of the trash but some, however many are loaded (select all). */
export type WholeSelection = { selection: BulkSelection; count: number };
type OpenDialog =
  | { kind: 'rename'; entry: FileEntry }
  | { kind: 'move' | 'deleteForever'; entries: FileEntry[]; whole?: WholeSelection }
  | { kind: 'share' | 'tags'; entries: FileEntry[] }
  | { kind: 'emptyTrash' };
/** The actions a whole selection runs on the server in one call. */
const WHOLE_ACTIONS: Partial<Record<EntryAction, BulkAction>> = {
  move: 'move',
  copy: 'copy',
  trash: 'trash',
  restore: 'restore',
  deleteForever: 'deleteForever',
  star: 'star',
  unstar: 'unstar',
};

/** Servers and proxies refuse request lines past 8 to 16 KB: a longer list of hashes is not sent. */
const DOWNLOAD_URL_MAX = 8000;

/** Downloads entries by hash; false (nothing started) when too many are named for one address. */
export function startDownload(entries: FileEntry[]): boolean {
  const url = downloadUrl(entries);
  if (url.length > DOWNLOAD_URL_MAX) return false;
  startDownloadAt(url);
  return true;
}

/** "1 item moved to trash" or ":count items moved to trash". */
const counted = (trans: TransFn, one: string, many: string, count: number) =>
  trans(count === 1 ? one : many, { count });

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
  const bulk = useBulkSelection();
  const close = useCallback(() => setDialog(null), []);
  const onProgress = useMemo(() => progressToast(trans), [trans]);
  /** The result line of an action on `done` entries. */
  const success = useCallback(
    (action: EntryAction) => (done: number) => {
      const n = done.toLocaleString();
      switch (action) {
        case 'star':
          return trans('Added to starred');
        case 'unstar':
          return trans('Removed from starred');
        case 'copy':
          return done === 1 ? trans('1 copy made') : trans(':count copies made', { count: n });
        case 'restore':
          return done === 1 ? trans('1 item restored') : trans(':count items restored', { count: n });
        case 'deleteForever':
          return done === 1 ? trans('1 item deleted forever') : trans(':count items deleted forever', { count: n });
        default:
          return done === 1 ? trans('1 item moved to trash') : trans(':count items moved to trash', { count: n });
      }
    },
    [trans],
  );

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
          if (!startDownload(entries))
            toast.danger(
              trans('Too many items to download at once. Select all in the folder, or download them in parts.'),
            );
          return;
        case 'rename':
          return setDialog({ kind: action, entry: entries[0] });
        case 'share':
        case 'tags':
          return setDialog({ kind: action, entries });
        case 'leave':
          return leave.mutate(
            { ids },
            {
              onSuccess: (answer) => {
                const refused = answer.results.filter((r) => !r.ok);
                reportOutcome(
                  trans,
                  {
                    done: count - refused.length,
                    refused: refused.length,
                    reasons: refused.slice(0, 1).map((r) => ({ message: r.message ?? '', count: refused.length })),
                  },
                  (done) =>
                    counted(
                      trans,
                      '1 item removed from shared with me',
                      ':count items removed from shared with me',
                      done,
                    ),
                );
              },
            },
          );
        case 'move':
        case 'deleteForever':
          return setDialog({ kind: action, entries });
        case 'star':
        case 'unstar':
          return star.mutate(
            { ids, starred: action === 'star', onProgress },
            { onSuccess: (outcome) => reportOutcome(trans, outcome, success(action)) },
          );
        case 'copy':
          return copy.mutate(
            { ids, onProgress },
            { onSuccess: (outcome) => reportOutcome(trans, outcome, success(action)) },
          );
        case 'restore':
          return restore.mutate(
            { ids, onProgress },
            { onSuccess: (outcome) => reportOutcome(trans, outcome, success(action)) },
          );
        case 'trash':
          return trash.mutate(
            { ids, onProgress },
            {
              onSuccess: (outcome) =>
                reportOutcome(trans, outcome, success(action), {
                  action: { label: trans('Undo'), action: () => restore.mutate({ ids, onProgress }) },
                }),
            },
          );
      }
    },
    [section, navigate, onPreview, onDetails, star, copy, restore, trash, leave, trans, onProgress, success],
  );

  /** An action on every entry of a folder or of the trash but some: one call, the server does the rest. */
  const runWhole = useCallback(
    (action: EntryAction, whole: WholeSelection, entries: FileEntry[], destination?: MoveDestination) => {
      if (action === 'download' && whole.selection.place === 'folder')
        return startDownloadAt(selectionDownloadUrl(whole.selection));
      const bulkAction = WHOLE_ACTIONS[action];
      if (!bulkAction) return run(action, entries);
      if ((action === 'move' && !destination) || action === 'deleteForever')
        return setDialog({ kind: action, entries, whole });
      workingToast(trans, whole.count);
      bulk.mutate(
        { action: bulkAction, selection: whole.selection, destinationId: destination?.id },
        {
          onSuccess: (outcome) =>
            reportOutcome(
              trans,
              outcome,
              destination
                ? (done) =>
                    trans(done === 1 ? 'Moved 1 item to :folder' : 'Moved :count items to :folder', {
                      count: done.toLocaleString(),
                      folder: destination.name,
                    })
                : success(action),
            ),
        },
      );
    },
    [bulk, trans, success, run],
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
      {dialog?.kind === 'tags' && (
        <Suspense fallback={null}>
          <TagsDialog entries={dialog.entries} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          entries={dialog.entries}
          onClose={close}
          onMove={(destination) =>
            dialog.whole
              ? runWhole('move', dialog.whole, dialog.entries, destination)
              : moveTo(
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
            if (dialog.whole) {
              workingToast(trans, dialog.whole.count);
              bulk.mutate(
                { action: 'deleteForever', selection: dialog.whole.selection },
                { onSuccess: (outcome) => reportOutcome(trans, outcome, success('deleteForever')) },
              );
              return;
            }
            deleteForever.mutate(
              { ids: dialog.entries.map((e) => e.id), onProgress },
              { onSuccess: (outcome) => reportOutcome(trans, outcome, success('deleteForever')) },
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
  return { run, runWhole, element, confirmEmptyTrash: useCallback(() => setDialog({ kind: 'emptyTrash' }), []) };
}
