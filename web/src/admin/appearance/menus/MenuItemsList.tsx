import clsx from 'clsx';
import { ArrowDown, ArrowUp, ChevronRight, GripVertical, TriangleAlert } from 'lucide-react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { Link } from 'react-router';
import type { MenuItem } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { menuIcon } from '../../../shell/menus/menu-icons.ts';
import { focusRing, iconButtonClasses } from '../../../ui/button-styles.ts';
import { moveItem, reorderByKeys } from './menu-draft.ts';

type Props = {
  items: MenuItem[];
  /** Applies a change to the latest items (rows render from a cache, so never from a stale copy). */
  onChange: (apply: (items: MenuItem[]) => MenuItem[]) => void;
  /** The address of an item's own screen. */
  itemPath: (index: number) => string;
  /** Indexes of items the server found a problem with. */
  invalid: ReadonlySet<number>;
};

const move = (list: MenuItem[], id: string, by: number) => {
  const from = list.findIndex((i) => i.id === id);
  return moveItem(list, from, from + by);
};

const moveButton = clsx(iconButtonClasses('sm'), 'text-fg-muted disabled:opacity-40', focusRing);

/** The menu's items in order: drag by the handle (or with the keyboard from it), or Move up / Move down. */
export function MenuItemsList({ items, onChange, itemPath, invalid }: Props) {
  const { trans } = useTrans();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      const { dropPosition, key } = e.target;
      onChange((list) => reorderByKeys(list, new Set([...e.keys].map(String)), String(key), dropPosition));
    },
  });
  return (
    <GridList
      aria-label={trans('Menu items')}
      items={items}
      dependencies={[items, invalid]}
      // Tab moves between a row's buttons, and Enter or Space press the focused one.
      keyboardNavigationBehavior="tab"
      dragAndDropHooks={dragAndDropHooks}
      className="flex flex-col rounded-kosh border border-divider"
      renderEmptyState={() => <p className="px-3 py-6 text-center text-sm text-fg-muted">{trans('No items yet')}</p>}
    >
      {(item) => {
        const index = items.findIndex((i) => i.id === item.id);
        const Icon = menuIcon(item.icon);
        const label = trans(item.label);
        return (
          <GridListItem
            id={item.id}
            textValue={label}
            className={clsx(
              'flex min-h-12 items-center gap-1 border-b border-divider px-1 last:border-b-0',
              'outline-none hover:bg-bg-alt data-[dragging]:opacity-50 data-[drop-target]:bg-bg-chip',
              'data-[focus-visible]:ring-2 data-[focus-visible]:ring-inset data-[focus-visible]:ring-primary',
            )}
          >
            <AriaButton
              slot="drag"
              aria-label={trans('Drag :name', { name: label })}
              className={clsx(iconButtonClasses('sm'), 'cursor-grab text-fg-muted', focusRing)}
            >
              <GripVertical size={18} aria-hidden />
            </AriaButton>
            {/* Labels line up whether or not an item has an icon. */}
            {Icon ? (
              <Icon size={18} className="shrink-0 text-fg-muted" aria-hidden />
            ) : (
              <span className="size-[18px] shrink-0" aria-hidden />
            )}
            <Link to={itemPath(index)} className={clsx('flex min-w-0 flex-1 flex-col rounded-kosh py-1', focusRing)}>
              <span className="truncate text-sm">{label}</span>
              <span className="truncate text-xs text-fg-muted">{item.action}</span>
            </Link>
            {invalid.has(index) && (
              <TriangleAlert size={16} className="shrink-0 text-danger" aria-label={trans('Needs attention')} />
            )}
            <AriaButton
              aria-label={trans('Move :name up', { name: label })}
              isDisabled={index === 0}
              onPress={() => onChange((list) => move(list, item.id, -1))}
              className={moveButton}
            >
              <ArrowUp size={16} aria-hidden />
            </AriaButton>
            <AriaButton
              aria-label={trans('Move :name down', { name: label })}
              isDisabled={index === items.length - 1}
              onPress={() => onChange((list) => move(list, item.id, 1))}
              className={moveButton}
            >
              <ArrowDown size={16} aria-hidden />
            </AriaButton>
            <ChevronRight size={16} className="shrink-0 text-fg-muted" aria-hidden />
          </GridListItem>
        );
      }}
    </GridList>
  );
}
