import clsx from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import type { FileType } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import { MODIFIED_LABELS, MODIFIED_RANGES, SEARCH_TYPES, searchToParams, type SearchState } from './search-query.ts';

const TYPE_LABELS: Record<(typeof SEARCH_TYPES)[number], string> = {
  folder: 'Folders',
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  pdf: 'PDFs',
  text: 'Text and code',
  word: 'Documents',
  spreadsheet: 'Spreadsheets',
  powerPoint: 'Presentations',
  archive: 'Archives',
};

function Chip({
  label,
  isActive,
  children,
  onAction,
}: {
  label: string;
  isActive: boolean;
  children: React.ReactNode;
  onAction: (key: string) => void;
}) {
  return (
    <Dropdown
      aria-label={label}
      placement="bottom start"
      minWidth={220}
      onAction={(key) => onAction(String(key))}
      trigger={
        <AriaButton
          className={clsx(
            'inline-flex h-8 items-center gap-1 rounded-kosh border px-3 text-sm font-medium',
            isActive ? 'border-transparent bg-bg-chip text-fg' : 'border-divider text-fg hover:bg-bg-alt',
            focusRing,
          )}
        >
          {label}
          <ChevronDown size={16} aria-hidden className="text-fg-muted" />
        </AriaButton>
      }
    >
      {children}
    </Dropdown>
  );
}

/** Type and modified filters of the search page, kept in the URL (?type=, ?modified=). */
export function SearchFilters({ state }: { state: SearchState }) {
  const { trans } = useTrans();
  const [, setParams] = useSearchParams();
  const set = (patch: Partial<SearchState>) => setParams(searchToParams({ ...state, ...patch }), { replace: true });
  const check = (on: boolean) => (on ? <Check size={18} /> : <span />);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="search-filters">
      <Chip
        label={state.type ? trans(TYPE_LABELS[state.type]) : trans('Type')}
        isActive={!!state.type}
        onAction={(key) => set({ type: key === 'any' ? null : (key as SearchState['type']) })}
      >
        <MenuItem id="any" icon={check(!state.type)}>
          {trans('Any type')}
        </MenuItem>
        <MenuDivider />
        {SEARCH_TYPES.map((type) => (
          <MenuItem
            key={type}
            id={type}
            icon={state.type === type ? <Check size={18} /> : <FileIcon type={type as FileType} size={18} />}
          >
            {trans(TYPE_LABELS[type])}
          </MenuItem>
        ))}
      </Chip>
      <Chip
        label={state.modified ? trans(MODIFIED_LABELS[state.modified]) : trans('Modified')}
        isActive={!!state.modified}
        onAction={(key) => set({ modified: key === 'any' ? null : (key as SearchState['modified']) })}
      >
        <MenuItem id="any" icon={check(!state.modified)}>
          {trans('Any time')}
        </MenuItem>
        <MenuDivider />
        {MODIFIED_RANGES.map((range) => (
          <MenuItem key={range} id={range} icon={check(state.modified === range)}>
            {trans(MODIFIED_LABELS[range])}
          </MenuItem>
        ))}
      </Chip>
    </div>
  );
}
