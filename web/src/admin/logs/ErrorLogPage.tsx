import { useCallback, useMemo, useState } from 'react';
import { Download, FileWarning } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ERROR_LOG_FILE_PATTERN } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { Select } from '../../ui/Select.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { type ListQuery, useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { ErrorDetailDialog } from './ErrorDetailDialog.tsx';
import { LEVEL_LABELS, LevelBadge } from './error-log-parts.tsx';
import { LogTabs } from './LogTabs.tsx';
import { type ErrorLogRow, errorLogDownloadHref, fetchErrorLog, logKeys, useErrorLogFiles } from './logs.api.ts';

const CONFIG = {
  filters: [
    {
      kind: 'select',
      key: 'level',
      label: 'Level',
      options: Object.entries(LEVEL_LABELS).map(([value, label]) => ({ value, label })),
    },
  ] satisfies FilterDef[],
  sortable: ['time'] as const,
};

function useColumns(): TableColumn<ErrorLogRow>[] {
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'time',
        header: 'Time',
        sortKey: 'time',
        firstDir: 'desc',
        className: 'w-44 whitespace-nowrap',
        cell: (entry) => formatMoment(entry.time, true),
      },
      { id: 'level', header: 'Level', className: 'w-24', cell: (entry) => <LevelBadge level={entry.level} /> },
      {
        id: 'message',
        header: 'Message',
        isRowHeader: true,
        className: 'max-w-[520px]',
        cell: (entry) => <span className="block max-w-[520px] truncate font-medium">{entry.message}</span>,
      },
      {
        id: 'request',
        header: 'Request ID',
        className: 'w-48',
        cell: (entry) => (
          <code className="block max-w-[180px] truncate text-xs text-fg-muted">{entry.request_id ?? '—'}</code>
        ),
      },
    ],
    [formatMoment],
  );
}

/**
 * Which file is read: `file` in the URL, kept apart from the filters (clearing them keeps the file);
 * none means the newest, which the server picks.
 */
function useLogFile(): [string | null, (file: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('file');
  const file = value && ERROR_LOG_FILE_PATTERN.test(value) ? value : null;
  const setFile = useCallback(
    (next: string | null) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.delete('page');
          if (next) out.set('file', next);
          else out.delete('file');
          return out;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [file, setFile];
}

/** The file picker and the download of the file on screen. */
function LogFileBar({ file, onChange }: { file: string | null; onChange: (file: string | null) => void }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const files = useErrorLogFiles();
  const list = files.data ?? [];
  const shown = file ?? list[0]?.name ?? null;
  const options = list.map((f, index) => ({
    id: f.name,
    label: `${index === 0 ? trans('Current') : formatMoment(f.modified_at, true)} · ${f.name} · ${formatBytes(f.size)}`,
  }));
  return (
    <div className="flex flex-col gap-3 rounded-kosh border border-divider bg-bg p-4 sm:flex-row sm:items-end">
      <Select
        label={trans('Log file')}
        options={options}
        value={shown}
        onChange={(value) => onChange(value === list[0]?.name ? null : String(value))}
        isDisabled={list.length === 0}
        placeholder={files.isPending ? trans('Loading…') : trans('No log files yet')}
        description={trans('The server starts a new file each day or at 10 MB and keeps the last 14.')}
        className="min-w-0 flex-1 sm:max-w-[560px]"
      />
      {shown && (
        // A plain link: the server sends the file as an attachment, however large.
        <a href={errorLogDownloadHref(shown)} download className={buttonClasses('secondary', 'md', 'sm:mb-6')}>
          <Download size={18} aria-hidden />
          {trans('Download log')}
        </a>
      )}
    </div>
  );
}

/** Logs, Error tab (logs.view): a log file's entries, newest first; an entry opens with its stack and context. */
export function ErrorLogPage() {
  const { trans } = useTrans();
  const [file, setFile] = useLogFile();
  const table = useTableState(CONFIG);
  const fetchPage = useCallback(
    (query: ListQuery, signal: AbortSignal) => fetchErrorLog(file ? { ...query, file } : query, signal),
    [file],
  );
  const list = useAdminList([...logKeys.errorLog, file], fetchPage, table.state);
  const columns = useColumns();
  const [open, setOpen] = useState<ErrorLogRow | null>(null);
  return (
    <AdminPage title={trans('Logs')} documentTitle={trans('Error log')} tabs={<LogTabs />}>
      <LogFileBar file={file} onChange={setFile} />
      <DataTable
        label={trans('Error log')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'time', orderDir: 'desc' }}
        searchLabel={trans('Message or request ID')}
        onRowAction={setOpen}
        empty={{
          icon: FileWarning,
          heading: 'No errors logged',
          help: 'Errors the server meets while answering requests or running jobs show up here.',
        }}
      />
      <ErrorDetailDialog entry={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

export { ErrorLogPage as Component };
