import { useCallback, useMemo, useState } from 'react';
import { Download, Languages, MoreVertical, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import { ADMIN_LOCALIZATIONS_SORTABLE, type AdminLocalization } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { DeleteLocalizationDialog } from './DeleteLocalizationDialog.tsx';
import { LocalizationFormDialog } from './LocalizationFormDialog.tsx';
import { fetchLocalizations, localizationDownloadUrl, localizationKeys } from './localizations.api.ts';
import { TranslationProgress } from './TranslationProgress.tsx';
import { useLinesUpload } from './useLinesUpload.tsx';

const CONFIG = { filters: [], sortable: ADMIN_LOCALIZATIONS_SORTABLE };
export const translatePath = (id: number) => `/admin/localizations/${id}/translate`;

function useColumns(): TableColumn<AdminLocalization>[] {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'name',
        header: 'Name',
        sortKey: 'name',
        isRowHeader: true,
        cell: (l) => (
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium text-fg">{l.name}</span>
            {l.is_default && (
              <span className="shrink-0 rounded-full bg-bg-chip px-2 py-0.5 text-xs text-fg">{trans('Default')}</span>
            )}
          </span>
        ),
      },
      { id: 'language', header: 'Code', sortKey: 'language', className: 'w-28', cell: (l) => l.language },
      {
        id: 'progress',
        header: 'Translated',
        className: 'w-72',
        cell: (l) => <TranslationProgress translated={l.lines_translated} total={l.lines_total} />,
      },
      {
        id: 'updated',
        header: 'Last updated',
        sortKey: 'updated_at',
        firstDir: 'desc',
        className: 'w-40 whitespace-nowrap text-fg-muted',
        cell: (l) => formatMoment(l.updated_at),
      },
    ],
    [trans, formatMoment],
  );
}

type Action = 'translate' | 'rename' | 'download' | 'upload' | 'delete';

/**
 * /admin/localizations (localizations.update): every language the site speaks with its progress;
 * add one, rename, translate, download and upload its lines as JSON, delete.
 */
export function LocalizationsPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const table = useTableState(CONFIG);
  const list = useAdminList(localizationKeys.list, fetchLocalizations, table.state);
  const columns = useColumns();
  const { input: uploadInput, pick: pickUpload } = useLinesUpload();
  const [editing, setEditing] = useState<{ localization: AdminLocalization | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminLocalization | null>(null);
  const handleAction = useCallback(
    (localization: AdminLocalization, action: Action) => {
      if (action === 'translate') void navigate(translatePath(localization.id));
      else if (action === 'rename') setEditing({ localization });
      else if (action === 'upload') pickUpload(localization.id);
      else if (action === 'delete') setDeleting(localization);
    },
    [navigate, pickUpload],
  );
  const rowActions = useCallback(
    (l: AdminLocalization) => (
      <Dropdown
        aria-label={trans('Actions for :name', { name: l.name })}
        trigger={
          <AriaButton aria-label={trans('Actions for :name', { name: l.name })} className={iconButtonClasses('md')}>
            <MoreVertical size={20} aria-hidden />
          </AriaButton>
        }
        onAction={(key) => handleAction(l, key as Action)}
        disabledKeys={l.is_default ? ['delete'] : []}
      >
        <MenuItem id="translate" icon={<Languages size={18} />}>
          {trans('Translate')}
        </MenuItem>
        <MenuItem id="rename" icon={<Pencil size={18} />}>
          {trans('Rename')}
        </MenuItem>
        <MenuItem id="download" icon={<Download size={18} />} href={localizationDownloadUrl(l.id)} download>
          {trans('Download')}
        </MenuItem>
        <MenuItem id="upload" icon={<Upload size={18} />}>
          {trans('Upload')}
        </MenuItem>
        <MenuDivider />
        <MenuItem id="delete" icon={<Trash2 size={18} />} danger>
          {l.is_default ? trans('Delete (the default language)') : trans('Delete')}
        </MenuItem>
      </Dropdown>
    ),
    [trans, handleAction],
  );
  const addButton = (
    <Button onPress={() => setEditing({ localization: null })} startIcon={<Plus size={18} aria-hidden />}>
      {trans('New localization')}
    </Button>
  );
  return (
    <AdminPage
      title={trans('Localizations')}
      description={trans(
        'The languages the site speaks. Upload merges a JSON file: its lines change, the others stay.',
      )}
      actions={addButton}
    >
      <DataTable
        label={trans('Localizations')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'name', orderDir: 'asc' }}
        searchLabel={trans('Search localizations')}
        rowActions={rowActions}
        onRowAction={(l) => void navigate(translatePath(l.id))}
        empty={{
          icon: Languages,
          heading: 'No localizations',
          help: 'Add a language to translate the site into.',
          action: addButton,
        }}
      />
      {uploadInput}
      <LocalizationFormDialog
        localization={editing?.localization ?? null}
        isOpen={!!editing}
        onClose={() => setEditing(null)}
      />
      <DeleteLocalizationDialog localization={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}

export { LocalizationsPage as Component };
