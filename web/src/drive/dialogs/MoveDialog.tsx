import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { ArrowLeft, Check, ChevronRight, FolderPlus } from 'lucide-react';
import type { FileEntry } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useCreateFolder } from '../../api/drive-mutations.api.ts';
import { useSubfolders } from '../../api/drive.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import type { MoveDestination } from '../actions/useMoveEntriesTo.ts';
import { NameDialog } from './NameDialog.tsx';

type Place = { id: number | null; hash: string | null; name: string };

type Props = { entries: FileEntry[]; onMove: (destination: MoveDestination) => void; onClose: () => void };

/**
 * The folder picker of "Move to": walks down from Home; the entries' own folder and
 * anything inside a moved folder cannot be chosen (the server refuses those too). New folder creates one in
 * the folder being browsed and picks it as the destination.
 */
export function MoveDialog({ entries, onMove, onClose }: Props) {
  const { trans } = useTrans();
  const home: Place = { id: null, hash: null, name: trans('Home') };
  const [trail, setTrail] = useState<Place[]>([home]);
  const here = trail.at(-1) ?? home;
  const subfolders = useSubfolders(here.hash);
  const create = useCreateFolder();
  const [isNaming, setNaming] = useState(false);
  // The folder just created here: the destination until the user walks elsewhere.
  const [picked, setPicked] = useState<Place | null>(null);
  const pickedRow = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row shows up only once the list has loaded again
  useEffect(() => {
    if (picked) pickedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [picked, subfolders.data]);
  const walk = (next: Place[]) => {
    setPicked(null);
    setTrail(next);
  };
  const target = picked ?? here;
  const nameError = create.error;
  const nameMessage =
    isApiError(nameError) && nameError.status === 422
      ? (nameError.errors.name?.[0] ?? nameError.displayMessage)
      : undefined;
  const closeNaming = () => {
    create.reset();
    setNaming(false);
  };
  const moving = new Set(entries.map((e) => e.id));
  const isInsideMoved = trail.some((place) => place.id !== null && moving.has(place.id));
  const isSameFolder = entries.every((e) => e.parent_id === here.id);
  const title =
    entries.length === 1
      ? trans('Move ":name"', { name: entries[0].name })
      : trans('Move :count items', { count: entries.length });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button
            isDisabled={isInsideMoved || (!picked && isSameFolder)}
            onPress={() => {
              onMove({ id: target.id, name: target.name });
              onClose();
            }}
          >
            {trans(picked ? 'Move' : 'Move here')}
          </Button>
        </>
      }
    >
      <div className="flex h-10 items-center gap-1">
        {trail.length > 1 && (
          <IconButton label={trans('Back')} size="sm" onPress={() => walk(trail.slice(0, -1))}>
            <ArrowLeft size={18} aria-hidden />
          </IconButton>
        )}
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg" data-testid="picker-location">
          {here.name}
        </span>
        <Button
          variant="text"
          size="sm"
          startIcon={<FolderPlus size={18} aria-hidden />}
          isDisabled={isInsideMoved}
          onPress={() => setNaming(true)}
        >
          {trans('New folder')}
        </Button>
      </div>
      <ul aria-label={trans('Folders')} className="mt-1 h-72 overflow-y-auto rounded-kosh border border-divider py-1">
        {subfolders.isPending && <li className="px-4 py-3 text-sm text-fg-muted">{trans('Loading...')}</li>}
        {subfolders.data?.length === 0 && (
          <li className="px-4 py-3 text-sm text-fg-muted">{trans('No folders here')}</li>
        )}
        {subfolders.data?.map((folder) => {
          const isMoving = moving.has(folder.id);
          const isPicked = picked?.id === folder.id;
          return (
            <li key={folder.id}>
              <button
                type="button"
                ref={isPicked ? pickedRow : undefined}
                disabled={isMoving}
                aria-current={isPicked || undefined}
                onClick={() => walk([...trail, { id: folder.id, hash: folder.hash, name: folder.name }])}
                className={clsx(
                  'flex h-10 w-full items-center gap-3 px-4 text-left text-sm text-fg',
                  'disabled:cursor-default disabled:opacity-50',
                  isPicked ? 'bg-bg-chip font-medium' : 'hover:bg-bg-alt',
                  focusRing,
                )}
              >
                <FileIcon type="folder" />
                <span className="min-w-0 flex-1 truncate">{folder.name}</span>
                {isPicked && <Check size={18} className="text-primary" aria-hidden />}
                <ChevronRight size={18} className="text-fg-muted" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
      <NameDialog
        isOpen={isNaming}
        onClose={closeNaming}
        title={trans('New folder')}
        label={trans('Folder name')}
        submitLabel={trans('Create')}
        initialValue={trans('Untitled folder')}
        errorMessage={nameMessage}
        isPending={create.isPending}
        onSubmit={(name) =>
          create.mutate(
            { name, parentId: here.id },
            {
              onSuccess: ({ fileEntry }) => {
                setPicked({ id: fileEntry.id, hash: fileEntry.hash, name: fileEntry.name });
                closeNaming();
              },
            },
          )
        }
      />
    </Dialog>
  );
}
