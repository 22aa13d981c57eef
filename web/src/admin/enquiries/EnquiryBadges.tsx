import clsx from 'clsx';
import type { AdminEnquiry, EnquiryStatus } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

export const STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', answered: 'Answered', archived: 'Archived' };
export const KIND_LABELS: Record<AdminEnquiry['kind'], string> = { contact: 'Contact', reseller: 'Reseller' };

const statusClass: Record<EnquiryStatus, string> = {
  new: 'border-primary text-primary',
  answered: 'border-positive text-positive',
  archived: 'border-divider text-fg-muted',
};

/** The handling state as an outlined badge: new in the primary colour, answered green, archived grey. */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  const { trans } = useTrans();
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex h-6 items-center rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
        statusClass[status],
      )}
    >
      {trans(STATUS_LABELS[status])}
    </span>
  );
}

/** Where the enquiry came from, as a chip. */
export function KindChip({ kind }: { kind: AdminEnquiry['kind'] }) {
  const { trans } = useTrans();
  return (
    // On a selected row (itself bg-chip) the chip turns white to stay visible.
    <span
      className={clsx(
        'inline-flex h-6 items-center rounded-full bg-bg-chip px-2.5 text-xs text-fg',
        'group-data-[selected]/row:bg-bg',
      )}
    >
      {trans(KIND_LABELS[kind])}
    </span>
  );
}
