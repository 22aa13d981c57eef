import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useRelativeTime, useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { auditActionLabel } from './audit-actions.ts';
import { auditKeys, fetchAuditLog } from './audit.api.ts';

const COUNT = 5;

/** The last few staff changes, for the overview; the audit log has the rest. */
export function RecentChanges() {
  const { trans } = useTrans();
  const relativeTime = useRelativeTime();
  const query = { page: 1, perPage: COUNT };
  const recent = useQuery({
    queryKey: [...auditKeys.all, query],
    queryFn: ({ signal }) => fetchAuditLog(query, signal),
    meta: { handledStatuses: 'all' },
  });
  const entries = recent.data?.pagination.data;
  return (
    <section aria-labelledby="recent-changes" className="rounded-kosh border border-divider">
      <div className="flex items-center gap-2 border-b border-divider py-2 pr-2 pl-4">
        <h2 id="recent-changes" className="flex-1 text-base font-medium text-fg">
          {trans('Recent changes')}
        </h2>
        <Link to="/admin/logs/audit" className={buttonClasses('text', 'sm')}>
          {trans('Audit log')}
          <ChevronRight size={16} aria-hidden />
        </Link>
      </div>
      {recent.isPending ? (
        <div role="status" aria-label={trans('Loading')} className="flex flex-col gap-4 px-4 py-4">
          {['a', 'b', 'c'].map((id) => (
            <span key={id} className="h-3 w-2/3 animate-pulse rounded-full bg-divider" />
          ))}
        </div>
      ) : !entries?.length ? (
        <p className="px-4 py-3 text-sm text-fg-muted">
          {recent.isError ? trans('The list could not be loaded') : trans('No changes recorded yet')}
        </p>
      ) : (
        <ul>
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 border-b border-divider px-4 py-2.5 last:border-b-0">
              <div className="min-w-0 flex-1">
                <div className="truncate text-sm text-fg">
                  <span className="font-medium">{trans(auditActionLabel(entry.action))}</span>
                  {entry.target_label && <span className="text-fg-muted"> · {entry.target_label}</span>}
                </div>
                <div className="truncate text-xs text-fg-muted">{entry.actor?.email ?? trans('System')}</div>
              </div>
              <time dateTime={entry.created_at} className="shrink-0 text-xs text-fg-muted">
                {relativeTime(entry.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
