import { useMemo } from 'react';
import type { AdminFileRow } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import type { TableColumn } from '../table/DataTable.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { FileNameCell, OwnerCell, SharingCell } from './file-cells.tsx';
import { typeLabel } from './file-filters.tsx';

/** The files list's columns: name (icon or thumbnail), owner, type, size, sharing, created, updated. */
export function useFileColumns(): TableColumn<AdminFileRow>[] {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'name',
        header: 'Name',
        sortKey: 'name',
        isRowHeader: true,
        className: 'min-w-[220px] max-w-[360px]',
        cell: (file) => <FileNameCell file={file} />,
      },
      {
        id: 'owner',
        header: 'Owner',
        className: 'min-w-[180px] max-w-[260px]',
        cell: (file) => <OwnerCell file={file} />,
      },
      { id: 'type', header: 'Type', className: 'w-28', cell: (file) => trans(typeLabel(file.type)) },
      {
        id: 'size',
        header: 'Size',
        sortKey: 'file_size',
        firstDir: 'desc',
        className: 'w-24 whitespace-nowrap',
        cell: (file) => (file.type === 'folder' ? '—' : formatBytes(file.file_size)),
      },
      { id: 'sharing', header: 'Shared', className: 'w-28', cell: (file) => <SharingCell file={file} /> },
      {
        id: 'created',
        header: 'Created',
        sortKey: 'created_at',
        firstDir: 'desc',
        className: 'w-32 whitespace-nowrap',
        cell: (file) => <time dateTime={file.created_at}>{formatMoment(file.created_at)}</time>,
      },
      {
        id: 'updated',
        header: 'Updated',
        sortKey: 'updated_at',
        firstDir: 'desc',
        className: 'w-32 whitespace-nowrap',
        cell: (file) => <time dateTime={file.updated_at}>{formatMoment(file.updated_at)}</time>,
      },
    ],
    [trans, formatMoment],
  );
}
