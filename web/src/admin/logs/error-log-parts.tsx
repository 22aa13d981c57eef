import type { ErrorLogEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { StatusBadge } from './log-parts.tsx';

export const LEVEL_LABELS: Record<ErrorLogEntry['level'], string> = { error: 'Error', fatal: 'Fatal' };

/** An entry's level: both are failures; fatal (the process stopped) is filled to stand out. */
export function LevelBadge({ level }: { level: ErrorLogEntry['level'] }) {
  const { trans } = useTrans();
  if (level === 'fatal') {
    return (
      <span className="inline-flex h-6 items-center rounded-full bg-danger px-2.5 text-xs font-medium text-on-primary">
        {trans(LEVEL_LABELS.fatal)}
      </span>
    );
  }
  return <StatusBadge tone="danger">{trans(LEVEL_LABELS.error)}</StatusBadge>;
}
