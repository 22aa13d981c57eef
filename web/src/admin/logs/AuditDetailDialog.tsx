import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { AuditEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { auditActionLabel } from './audit-actions.ts';
import { auditDiff, type DiffRow } from './audit-diff.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate text-sm text-fg">{children}</dd>
    </div>
  );
}

function Value({ text }: { text: string | undefined }) {
  const { trans } = useTrans();
  if (text === undefined) return <span className="text-fg-muted italic">{trans('(none)')}</span>;
  return <pre className="font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{text}</pre>;
}

function FieldName({ row }: { row: DiffRow }) {
  const { trans } = useTrans();
  return (
    <>
      {row.isChanged && <span className="mr-1.5 inline-block size-2 rounded-full bg-primary" aria-hidden />}
      {row.key || trans('Value')}
      {row.isChanged && <span className="sr-only"> ({trans('changed')})</span>}
    </>
  );
}

/** Before and after in columns, the changed fields tinted. */
function DiffTable({ rows }: { rows: DiffRow[] }) {
  const { trans } = useTrans();
  const changed = rows.filter((r) => r.isChanged).length;
  return (
    <div className="overflow-hidden rounded-kosh border border-divider">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">
          {trans('Values before and after; :count changed', { count: String(changed) })}
        </caption>
        <thead>
          <tr className="bg-bg-alt text-left text-xs text-fg-muted">
            <th scope="col" className="w-[28%] px-3 py-2 font-medium">
              {trans('Field')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {trans('Before')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {trans('After')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-changed={row.isChanged || undefined}
              className={clsx('border-t border-divider align-top', row.isChanged ? 'bg-bg-chip' : 'text-fg-muted')}
            >
              <th scope="row" className="px-3 py-2 text-left font-medium break-words">
                <FieldName row={row} />
              </th>
              <td className="px-3 py-2">
                <Value text={row.before} />
              </td>
              <td className="px-3 py-2">
                <Value text={row.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: one block per field, before above after. */
function DiffList({ rows }: { rows: DiffRow[] }) {
  const { trans } = useTrans();
  return (
    <ul className="flex flex-col overflow-hidden rounded-kosh border border-divider" aria-label={trans('Values')}>
      {rows.map((row) => (
        <li
          key={row.key}
          data-changed={row.isChanged || undefined}
          className={clsx(
            'flex flex-col gap-1 border-t border-divider px-3 py-2 first:border-t-0',
            row.isChanged ? 'bg-bg-chip' : 'text-fg-muted',
          )}
        >
          <span className="text-sm font-medium">
            <FieldName row={row} />
          </span>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-xs leading-5 text-fg-muted">{trans('Before')}</dt>
            <dd>
              <Value text={row.before} />
            </dd>
            <dt className="text-xs leading-5 text-fg-muted">{trans('After')}</dt>
            <dd>
              <Value text={row.after} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** One audit entry: who, when, what; its fields before and after side by side, the changed ones marked. */
export function AuditDetailDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const isMobile = useIsMobile();
  const rows = entry ? auditDiff(entry.before, entry.after) : [];
  return (
    <Dialog
      isOpen={!!entry}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={entry ? trans(auditActionLabel(entry.action)) : ''}
      actions={<Button onPress={onClose}>{trans('Close')}</Button>}
    >
      {entry && (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Fact label={trans('When')}>{formatMoment(entry.created_at, true)}</Fact>
            <Fact label={trans('By')}>
              {entry.actor?.email ?? trans('System')}
              {entry.impersonator && (
                <span className="block truncate text-xs text-fg-muted">
                  {trans(':email, logged in as this user', { email: entry.impersonator.email })}
                </span>
              )}
            </Fact>
            <Fact label={trans('Target')}>
              {entry.target_label ?? entry.target_id ?? '—'}
              <span className="block text-xs text-fg-muted">
                {entry.target_type}
                {entry.target_id ? ` #${entry.target_id}` : ''}
              </span>
            </Fact>
            <Fact label={trans('Action')}>
              <code className="text-xs">{entry.action}</code>
            </Fact>
            <Fact label={trans('IP address')}>{entry.ip ?? '—'}</Fact>
          </dl>
          {rows.length === 0 ? (
            <p className="text-sm text-fg-muted">{trans('This change recorded no values.')}</p>
          ) : isMobile ? (
            <DiffList rows={rows} />
          ) : (
            <DiffTable rows={rows} />
          )}
        </div>
      )}
    </Dialog>
  );
}
