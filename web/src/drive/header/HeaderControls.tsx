import clsx from 'clsx';
import { ArrowDownUp, Check, Info, LayoutGrid, List } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses, focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { ORDER_BY, SORT_LABELS, sortBy, type Sort, type ViewMode } from '../view-state.ts';

/** List or grid (kept in this browser). */
export function ViewToggle({
  mode,
  onChange,
  isMobile,
}: {
  mode: ViewMode;
  onChange: (mode: ViewMode) => void;
  isMobile: boolean;
}) {
  const { trans } = useTrans();
  if (isMobile) {
    const next = mode === 'list' ? 'grid' : 'list';
    return (
      <Tooltip content={trans(next === 'grid' ? 'Grid view' : 'List view')}>
        <AriaButton
          aria-label={trans(next === 'grid' ? 'Grid view' : 'List view')}
          onPress={() => onChange(next)}
          className={iconButtonClasses('md')}
        >
          {next === 'grid' ? <LayoutGrid size={20} aria-hidden /> : <List size={20} aria-hidden />}
        </AriaButton>
      </Tooltip>
    );
  }
  const option = (value: ViewMode, label: string, Icon: typeof List) => (
    <Tooltip content={trans(label)}>
      <AriaButton
        aria-label={trans(label)}
        aria-pressed={mode === value}
        onPress={() => onChange(value)}
        className={clsx(
          'inline-flex h-8 w-11 items-center justify-center text-fg',
          mode === value ? 'bg-bg-chip' : 'hover:bg-bg-alt',
          focusRing,
        )}
      >
        {mode === value ? <Check size={16} aria-hidden className="mr-0.5" /> : null}
        <Icon size={18} aria-hidden />
      </AriaButton>
    </Tooltip>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not the form fields a fieldset groups
    <div role="group" aria-label={trans('View')} className="flex overflow-hidden rounded-full border border-divider">
      {option('list', 'List view', List)}
      <span className="w-px bg-divider" aria-hidden />
      {option('grid', 'Grid view', LayoutGrid)}
    </div>
  );
}

/** The sort menu: a column, then the direction (spec part 2, "activeSort"). */
export function SortMenu({
  sort,
  onChange,
  isMobile,
}: {
  sort: Sort;
  onChange: (sort: Sort) => void;
  isMobile: boolean;
}) {
  const { trans } = useTrans();
  const check = (on: boolean) => (on ? <Check size={18} /> : <span />);
  return (
    <Dropdown
      aria-label={trans('Sort by')}
      placement="bottom end"
      minWidth={220}
      onAction={(key) => {
        const id = String(key);
        if (id === 'asc' || id === 'desc') onChange({ ...sort, orderDir: id });
        else onChange(sortBy(sort, id as Sort['orderBy']));
      }}
      trigger={
        <AriaButton
          aria-label={`${trans('Sort by')}: ${trans(SORT_LABELS[sort.orderBy])}`}
          className={isMobile ? iconButtonClasses('md') : buttonClasses('ghost', 'md', 'px-3')}
        >
          <ArrowDownUp size={18} aria-hidden />
          {!isMobile && trans(SORT_LABELS[sort.orderBy])}
        </AriaButton>
      }
    >
      {ORDER_BY.map((orderBy) => (
        <MenuItem key={orderBy} id={orderBy} icon={check(sort.orderBy === orderBy)}>
          {trans(SORT_LABELS[orderBy])}
        </MenuItem>
      ))}
      <MenuDivider />
      <MenuItem id="asc" icon={check(sort.orderDir === 'asc')}>
        {trans('Ascending')}
      </MenuItem>
      <MenuItem id="desc" icon={check(sort.orderDir === 'desc')}>
        {trans('Descending')}
      </MenuItem>
    </Dropdown>
  );
}

export function DetailsToggle({ isOpen, onChange }: { isOpen: boolean; onChange: (open: boolean) => void }) {
  const { trans } = useTrans();
  return (
    <Tooltip content={trans(isOpen ? 'Hide details' : 'View details')}>
      <AriaButton
        aria-label={trans(isOpen ? 'Hide details' : 'View details')}
        aria-pressed={isOpen}
        onPress={() => onChange(!isOpen)}
        className={iconButtonClasses('md', isOpen ? 'bg-bg-chip text-fg' : '')}
      >
        <Info size={20} aria-hidden />
      </AriaButton>
    </Tooltip>
  );
}
