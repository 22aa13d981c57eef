import clsx from 'clsx';
import { ArrowDown, ArrowUp, GripVertical, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { Button as AriaButton, GridListItem } from 'react-aria-components';
import type { AdminPlan, Price } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { formatAmount, intervalLine } from '../../site/pricing/plan-pricing.ts';
import { formatCount } from '../table/table-state.ts';

export type RowAction = 'edit' | 'up' | 'down' | 'delete';

/** The columns of the list: drag handle, plan, storage, prices, subscribers, actions. */
export const PLAN_COLUMNS = 'md:grid-cols-[2.5rem_minmax(0,1.4fr)_7rem_minmax(0,1.6fr)_7rem_3rem]';

/** "₹149 / month, ₹1,490 / year"; "Free" without a price. */
export function usePriceSummary(): (prices: Price[]) => string {
  const { trans, language } = useTrans();
  return (prices) =>
    prices.length
      ? prices
          .map((p) => {
            const line = intervalLine(p);
            return trans(line.message, { price: formatAmount(p.amount, p.currency, language), count: line.count });
          })
          .join(', ')
      : trans('Free');
}

function Badge({ children, tone }: { children: string; tone: 'muted' | 'primary' | 'positive' }) {
  const tones = {
    muted: 'bg-bg-alt text-fg-muted',
    primary: 'bg-bg-chip text-fg',
    positive: 'bg-bg-alt text-positive',
  };
  return <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>;
}

type Props = { plan: AdminPlan; index: number; count: number; onAction: (plan: AdminPlan, action: RowAction) => void };

/** One plan in the reorderable list; a drag handle for the mouse, Move up/down in its menu for the keyboard. */
export function PlanRow({ plan, index, count, onAction }: Props) {
  const { trans, language } = useTrans();
  const prices = usePriceSummary()(plan.prices);
  const actions = trans('Actions for :name', { name: plan.name });
  return (
    <GridListItem
      id={plan.id}
      textValue={plan.name}
      className={clsx(
        'grid min-h-12 grid-cols-[2.5rem_minmax(0,1fr)_3rem] items-center gap-x-3 border-b border-divider px-2 py-2',
        'outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-inset data-[focus-visible]:ring-primary',
        'hover:bg-bg-alt data-[dragging]:opacity-50 data-[drop-target]:bg-bg-chip',
        PLAN_COLUMNS,
      )}
    >
      <AriaButton
        slot="drag"
        aria-label={trans('Drag :name', { name: plan.name })}
        className={clsx(iconButtonClasses('sm'), 'cursor-grab text-fg-muted', focusRing)}
      >
        <GripVertical size={18} aria-hidden />
      </AriaButton>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-fg">{plan.name}</span>
          {plan.free && <Badge tone="positive">{trans('Free')}</Badge>}
          {plan.recommended && <Badge tone="primary">{trans('Recommended')}</Badge>}
          {plan.hidden && <Badge tone="muted">{trans('Hidden')}</Badge>}
        </div>
        <p className="truncate text-xs text-fg-muted md:hidden">
          {formatBytes(plan.available_space)} ·{' '}
          {trans(':count subscribers', { count: formatCount(plan.subscribers_count, language) })}
        </p>
        <p className="truncate text-xs text-fg-muted md:hidden">{prices}</p>
      </div>
      <span className="hidden text-sm text-fg md:block">{formatBytes(plan.available_space)}</span>
      <span className="hidden truncate text-sm text-fg md:block" title={prices}>
        {prices}
      </span>
      <span className="hidden text-right text-sm tabular-nums text-fg md:block">
        {formatCount(plan.subscribers_count, language)}
      </span>
      <Dropdown
        aria-label={actions}
        trigger={
          <AriaButton aria-label={actions} className={iconButtonClasses('md')}>
            <MoreVertical size={20} aria-hidden />
          </AriaButton>
        }
        onAction={(key) => onAction(plan, key as RowAction)}
        disabledKeys={[...(index === 0 ? ['up'] : []), ...(index === count - 1 ? ['down'] : [])]}
      >
        <MenuItem id="edit" icon={<Pencil size={18} />}>
          {trans('Edit')}
        </MenuItem>
        <MenuItem id="up" icon={<ArrowUp size={18} />}>
          {trans('Move up')}
        </MenuItem>
        <MenuItem id="down" icon={<ArrowDown size={18} />}>
          {trans('Move down')}
        </MenuItem>
        <MenuItem id="delete" icon={<Trash2 size={18} />} danger>
          {trans('Delete')}
        </MenuItem>
      </Dropdown>
    </GridListItem>
  );
}
