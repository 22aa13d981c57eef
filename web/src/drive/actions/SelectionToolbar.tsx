import { EllipsisVertical, X } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { ACTION_META } from './action-meta.tsx';
import type { EntryAction } from './entry-actions.ts';

/** The actions kept in sight when the toolbar is narrow; the rest fold into "More actions". */
const COMPACT_FIRST: EntryAction[] = [
  'restore',
  'deleteForever',
  'share',
  'download',
  'trash',
  'leave',
  'move',
  'star',
  'unstar',
];
const COMPACT_COUNT = 3;
/** Actions only the overflow menu offers, however wide the toolbar. */
const OVERFLOW_ONLY: EntryAction[] = ['tags'];

type Props = {
  count: number;
  actions: EntryAction[];
  onAction: (action: EntryAction) => void;
  onClear: () => void;
  isMobile: boolean;
};

/** The actions that apply to the selection, in place of the header's controls while something is selected. */
export function SelectionToolbar({ count, actions, onAction, onClear, isMobile }: Props) {
  const { trans } = useTrans();
  const inline = isMobile
    ? COMPACT_FIRST.filter((a) => actions.includes(a)).slice(0, COMPACT_COUNT)
    : actions.filter((a) => !OVERFLOW_ONLY.includes(a));
  const overflow = actions.filter((a) => !inline.includes(a));
  return (
    <div
      role="toolbar"
      aria-label={trans('Selection actions')}
      data-testid="selection-toolbar"
      className="flex h-12 min-w-0 items-center gap-0.5 rounded-full bg-bg-alt pr-2 pl-1"
    >
      <IconButton label={trans('Clear selection')} size="sm" onPress={onClear}>
        <X size={18} aria-hidden />
      </IconButton>
      <span className="mr-2 ml-1 truncate text-sm font-medium whitespace-nowrap text-fg" aria-live="polite">
        {count === 1 ? trans('1 item selected') : trans(':count items selected', { count })}
      </span>
      {inline.map((action) => {
        const meta = ACTION_META[action];
        return (
          <IconButton
            key={action}
            label={trans(meta.label)}
            size="sm"
            onPress={() => onAction(action)}
            className={meta.danger ? 'text-danger hover:text-danger' : undefined}
          >
            <meta.icon size={18} aria-hidden />
          </IconButton>
        );
      })}
      {overflow.length > 0 && (
        <Dropdown
          aria-label={trans('More actions')}
          onAction={(key) => onAction(key as EntryAction)}
          trigger={
            <AriaButton aria-label={trans('More actions')} className={iconButtonClasses('sm')}>
              <EllipsisVertical size={18} aria-hidden />
            </AriaButton>
          }
        >
          {overflow.map((action) => {
            const meta = ACTION_META[action];
            return (
              <MenuItem key={action} id={action} icon={<meta.icon size={18} />} danger={meta.danger}>
                {trans(meta.label)}
              </MenuItem>
            );
          })}
        </Dropdown>
      )}
    </div>
  );
}
