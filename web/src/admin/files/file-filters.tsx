import { useState, useSyncExternalStore } from 'react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { ADMIN_FILE_TYPES, type FileType } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { IconButton } from '../../ui/Button.tsx';
import type { FilterDef } from '../table/filters.ts';
import { TableSearch } from '../table/TableSearch.tsx';
import { useOwnerSearch } from './admin-files.api.ts';

const TYPE_LABELS: Record<FileType, string> = {
  folder: 'Folder',
  sharedFolder: 'Folder',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  text: 'Text',
  archive: 'Archive',
  word: 'Document',
  spreadsheet: 'Spreadsheet',
  powerPoint: 'Presentation',
  default: 'Other',
};

/** The words for a type category (the drive's, with "default" read as Other). */
export const typeLabel = (type: FileType) => TYPE_LABELS[type];

/** Names of owners the picker or the list has shown, so the chip reads a name rather than an id. */
const ownerNames = new Map<string, string>();
const listeners = new Set<() => void>();
let learnt = 0;

/** Remembers owners seen in the list or picked, for the chip of an owner filter set from the URL. */
export const rememberOwners = (owners: Array<{ id: number; email: string }>) => {
  const fresh = owners.filter((o) => ownerNames.get(String(o.id)) !== o.email);
  if (!fresh.length) return;
  for (const owner of fresh) ownerNames.set(String(owner.id), owner.email);
  learnt++;
  for (const listener of listeners) listener();
};

/** Renders the caller again once a name is learnt: the page opened with ?ownerId= shows "#id" until then. */
export const useOwnerNames = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => learnt,
  );

/** Finds a user by name or email (GET admin/users) and filters by them; the picked one shows with a way out. */
function OwnerFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const found = useOwnerSearch(text);
  if (value)
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-fg">{label}</span>
        <div className="flex h-10 items-center gap-2 rounded-kosh border border-divider pr-1 pl-3 text-sm">
          <span className="min-w-0 flex-1 truncate">{ownerNames.get(value) ?? `#${value}`}</span>
          <IconButton label={trans('Any owner')} size="sm" onPress={() => onChange(null)}>
            <X size={16} aria-hidden />
          </IconButton>
        </div>
      </div>
    );
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-fg">{label}</span>
      <TableSearch label={trans('Find an owner by name or email')} value={text} onSearch={(q) => setText(q)} />
      {found.isError ? (
        <p className="text-xs text-fg-muted">{trans('Finding owners needs the users.update permission.')}</p>
      ) : (
        <ul className="flex flex-col" aria-label={trans('Owners found')}>
          {(found.data ?? []).map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => {
                  rememberOwners([user]);
                  onChange(String(user.id));
                }}
                className={clsx(
                  'flex w-full items-center gap-2 rounded-kosh px-2 py-1.5 text-left hover:bg-bg-alt',
                  focusRing,
                )}
              >
                <Avatar user={user} size={24} />
                <span className="min-w-0">
                  <span className="block truncate text-sm text-fg">{user.name}</span>
                  <span className="block truncate text-xs text-fg-muted">{user.email}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The files list's filters: type, owner, size, dates, trash and sharing. */
export const FILE_FILTERS: FilterDef[] = [
  {
    kind: 'select',
    key: 'type',
    label: 'Type',
    options: ADMIN_FILE_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
  },
  {
    kind: 'custom',
    key: 'ownerId',
    label: 'Owner',
    accepts: (value) => /^[1-9]\d{0,9}$/.test(value),
    describe: (value) => ownerNames.get(value),
    Control: OwnerFilter,
  },
  { kind: 'sizeRange', key: 'size', label: 'Size', minKey: 'sizeMin', maxKey: 'sizeMax' },
  { kind: 'boolean', key: 'inTrash', label: 'Trash', trueLabel: 'In trash', falseLabel: 'Not in trash' },
  { kind: 'boolean', key: 'shared', label: 'Sharing', trueLabel: 'Shared', falseLabel: 'Not shared' },
  { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'createdFrom', toKey: 'createdTo' },
  { kind: 'dateRange', key: 'updated', label: 'Updated', fromKey: 'updatedFrom', toKey: 'updatedTo' },
];
