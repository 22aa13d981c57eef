import { useState } from 'react';
import clsx from 'clsx';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import type { FileEntry } from '@kosh/contracts';
import { useSubfolders } from '../../api/drive.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import type { MoveDestination } from '../actions/useMoveEntriesTo.ts';

type Place = { id: number | null; hash: string | null; name: string };

type Props = { entries: FileEntry[]; onMove: (destination: MoveDestination) => void; onClose: () => void };

/**
 * The folder picker of "Move to": walks down from Home; the entries' own folder and
 * anything inside a moved folder cannot be chosen (the server refuses those too).
 */
export function MoveDialog({ entries, onMove, onClose }: Props) {
  const { trans } = useTrans();
  const home: Place = { id: null, hash: null, name: trans('Home') };
  const [trail, setTrail] = useState<Place[]>([home]);
  const here = trail.at(-1) ?? home;
  const subfolders = useSubfolders(here.hash);
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
            isDisabled={isInsideMoved || isSameFolder}
            onPress={() => {
              onMove({ id: here.id, name: here.name });
              onClose();
            }}
          >
            {trans('Move here')}
          </Button>
        </>
      }
    >
      <div className="flex h-10 items-center gap-1">
        {trail.length > 1 && (
          <IconButton label={trans('Back')} size="sm" onPress={() => setTrail((t) => t.slice(0, -1))}>
            <ArrowLeft size={18} aria-hidden />
          </IconButton>
        )}
        <span className="truncate text-sm font-medium text-fg" data-testid="picker-location">
          {here.name}
        </span>
      </div>
      <ul aria-label={trans('Folders')} className="mt-1 h-72 overflow-y-auto rounded-kosh border border-divider py-1">
        {subfolders.isPending && <li className="px-4 py-3 text-sm text-fg-muted">{trans('Loading...')}</li>}
        {subfolders.data?.length === 0 && (
          <li className="px-4 py-3 text-sm text-fg-muted">{trans('No folders here')}</li>
        )}
        {subfolders.data?.map((folder) => {
          const isMoving = moving.has(folder.id);
          return (
            <li key={folder.id}>
              <button
                type="button"
                disabled={isMoving}
                onClick={() => setTrail((t) => [...t, { id: folder.id, hash: folder.hash, name: folder.name }])}
                className={clsx(
                  'flex h-10 w-full items-center gap-3 px-4 text-left text-sm text-fg',
                  'hover:bg-bg-alt disabled:cursor-default disabled:opacity-50',
                  focusRing,
                )}
              >
                <FileIcon type="folder" />
                <span className="min-w-0 flex-1 truncate">{folder.name}</span>
                <ChevronRight size={18} className="text-fg-muted" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
