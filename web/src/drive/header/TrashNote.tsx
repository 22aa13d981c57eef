import { Info } from 'lucide-react';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

/** Says how long the trash keeps what is in it (the purge setting; 0 keeps it until emptied). */
export function TrashNote() {
  const { trans } = useTrans();
  const days = useSettings().drive?.trash_purge_days ?? 0;
  if (days <= 0) return null;
  return (
    <p data-testid="trash-note" className="flex items-center gap-2 px-2 pb-3 text-sm text-fg-muted">
      <Info size={16} className="shrink-0" aria-hidden />
      {trans('Items in the trash are deleted forever after :days days.', { days })}
    </p>
  );
}
