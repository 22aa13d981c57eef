import { Link } from 'react-aria-components';
import type { ReportTopUser } from '@kosh/contracts/admin-report';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { ChartCard, NoData } from './ChartCard.tsx';
import { formatCount } from './report-format.ts';

/** The users with the most bytes now (trash included), each linking to their admin page. */
export function TopUsersTable({ users }: { users: ReportTopUser[] }) {
  const { trans, language } = useTrans();
  const title = trans('Top users by space');
  return (
    <ChartCard title={title} subtitle={trans('Now, trash included')}>
      {users.length === 0 ? (
        <NoData className="h-32" />
      ) : (
        <table className="w-full table-fixed text-sm" aria-label={title}>
          <thead>
            <tr className="border-b border-divider text-left text-xs text-fg-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                {trans('User')}
              </th>
              <th scope="col" className="hidden w-28 py-2 pr-3 text-right font-medium sm:table-cell">
                {trans('Files')}
              </th>
              <th scope="col" className="w-24 py-2 text-right font-medium">
                {trans('Space used')}
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="border-b border-divider last:border-0" data-testid="report-top-user">
                <td className="py-2 pr-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar user={user} size={32} />
                    <div className="min-w-0">
                      <Link
                        href={`/admin/users/${user.id}`}
                        className={`block truncate rounded-sm font-medium text-fg hover:underline ${focusRing}`}
                      >
                        {user.name}
                      </Link>
                      <p className="truncate text-xs text-fg-muted">{user.email}</p>
                    </div>
                  </div>
                </td>
                <td className="hidden py-2 pr-3 text-right tabular-nums text-fg-muted sm:table-cell">
                  {formatCount(user.files, language)}
                </td>
                <td className="py-2 text-right font-medium tabular-nums">{formatBytes(user.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ChartCard>
  );
}
