import type { AdminReport } from '@kosh/contracts/admin-report';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { BillingCards } from './BillingCards.tsx';
import { MetricCard } from './MetricCard.tsx';
import { formatCount } from './report-format.ts';

type CardKey = keyof AdminReport['cards'];

const CARDS: Array<{ key: CardKey; label: string; bytes?: boolean }> = [
  { key: 'new_users', label: 'New users' },
  { key: 'active_users', label: 'Active users' },
  { key: 'new_files', label: 'New files' },
  { key: 'uploaded_bytes', label: 'Uploaded', bytes: true },
  { key: 'new_folders', label: 'New folders' },
  { key: 'links_created', label: 'Links created' },
  { key: 'space_used', label: 'Space used', bytes: true },
];

export const REPORT_CARD_COUNT = CARDS.length;
export const cardGridClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';

/** The cards of the report, four to a row on wide screens and one on phones; billing's last, while it is on. */
export function ReportCards({ report }: { report: AdminReport }) {
  const { trans, language } = useTrans();
  return (
    <div className={cardGridClass}>
      {CARDS.map((card) => (
        <MetricCard
          key={card.key}
          label={trans(card.label)}
          metric={report.cards[card.key]}
          format={card.bytes ? (n) => formatBytes(n) : (n) => formatCount(n, language)}
        />
      ))}
      {report.billing && <BillingCards billing={report.billing} />}
    </div>
  );
}
