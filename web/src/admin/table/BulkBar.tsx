import { useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { formatCount } from './table-state.ts';

/** An action on the selected rows; it always asks first. */
export type BulkAction = {
  id: string;
  label: string;
  icon?: ReactNode;
  isDanger?: boolean;
  confirm: { title: (count: number) => string; body: (count: number) => string; confirmLabel: string };
  /** Runs on the picked ids; resolves once the list has been told. */
  run: (ids: number[]) => Promise<unknown>;
};

type Props = {
  count: number;
  actions: BulkAction[];
  selectedIds: number[];
  onClear: () => void;
  onDone: () => void;
};

/** In place of the toolbar while rows are picked: the count, the actions, and a way out. */
export function BulkBar({ count, actions, selectedIds, onClear, onDone }: Props) {
  const { trans, language } = useTrans();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [isRunning, setRunning] = useState(false);
  const confirm = async () => {
    if (!pending) return;
    setRunning(true);
    try {
      await pending.run(selectedIds);
      onDone();
    } finally {
      setRunning(false);
      setPending(null);
    }
  };
  return (
    <div
      data-testid="bulk-bar"
      className="flex min-h-10 flex-wrap items-center gap-2 rounded-kosh bg-bg-chip py-1 pr-2 pl-1 text-fg"
    >
      <IconButton label={trans('Clear selection')} size="sm" onPress={onClear}>
        <X size={18} aria-hidden />
      </IconButton>
      <span className="flex-1 text-sm font-medium" aria-live="polite">
        {trans(':count selected', { count: formatCount(count, language) })}
      </span>
      {actions.map((action) => (
        <Button
          key={action.id}
          variant={action.isDanger ? 'danger' : 'secondary'}
          size="sm"
          onPress={() => setPending(action)}
        >
          {action.icon}
          {action.label}
        </Button>
      ))}
      <Dialog
        isOpen={!!pending}
        onOpenChange={(open) => !open && !isRunning && setPending(null)}
        role="alertdialog"
        size="sm"
        title={pending?.confirm.title(count) ?? ''}
        actions={
          <>
            <Button variant="text" onPress={() => setPending(null)} isDisabled={isRunning} autoFocus>
              {trans('Cancel')}
            </Button>
            <Button variant={pending?.isDanger ? 'danger' : 'primary'} onPress={confirm} isPending={isRunning}>
              {pending?.confirm.confirmLabel}
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg-muted">{pending?.confirm.body(count)}</p>
      </Dialog>
    </div>
  );
}
