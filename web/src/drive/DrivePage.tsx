import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, FolderPlus, FolderUp } from 'lucide-react';
import { Link, useMatches, useNavigate, useParams, useSearchParams } from 'react-router';
import type { FileEntry } from '@kosh/contracts';
import { isApiError } from '../api/api-error.ts';
import { cachedFolder, useFolderPath } from '../api/drive.api.ts';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useIsMobile } from '../shell/useMediaQuery.ts';
import { Button } from '../ui/Button.tsx';
import { buttonClasses } from '../ui/button-styles.ts';
import { actionGroups, type DriveSection, type EntryAction } from './actions/entry-actions.ts';
import { actionItems, PointMenu } from './actions/PointMenu.tsx';
import { useEntryActions } from './actions/useEntryActions.tsx';
import { wholeDownloadOf, wholeSelectionOf } from './selection/whole-selection.ts';
import { useMoveEntriesTo } from './actions/useMoveEntriesTo.ts';
import { DetailsPanel } from './details/DetailsPanel.tsx';
import { EmptyState, type EmptyKind } from './file-view/EmptyState.tsx';
import { FileView, type Point } from './file-view/FileView.tsx';
import type { KeyCommand } from './file-view/useViewKeyboard.ts';
import { isFolder } from './file-types.ts';
import { AdSlotFrame } from '../ads/AdSlotFrame.tsx';
import { ContentHeader } from './header/ContentHeader.tsx';
import { TrashNote } from './header/TrashNote.tsx';
import { useDriveUi } from './layout/drive-context.ts';
import { LazyPreviewer } from './preview/LazyPreviewer.tsx';
import { parseSearch } from './search/search-query.ts';
import { SearchFilters } from './search/SearchFilters.tsx';
import { TagFilterChip } from './tags/TagFilterChip.tsx';
import { clearSelection, selectedInOrder } from './selection/selection-model.ts';
import { useDriveSelection, useSectionListing } from './useSectionListing.ts';
import { useSort, useViewMode } from './useViewState.ts';
import { isSortable, nextSort } from './view-state.ts';

const TITLES: Record<DriveSection, string> = {
  home: 'Home',
  folder: 'Folder',
  shares: 'Shared with me',
  recent: 'Recent',
  starred: 'Starred',
  trash: 'Trash',
  search: 'Search results',
};
const BACKGROUND_MENU = [
  [{ id: 'new-folder', label: 'New folder', icon: FolderPlus }],
  [
    { id: 'upload-files', label: 'Upload files', icon: FileUp },
    { id: 'upload-folder', label: 'Upload folder', icon: FolderUp },
  ],
];

/** One page for every drive section; the route's handle names the section. */
export function DrivePage() {
  const section = ((useMatches().at(-1)?.handle as { driveSection?: DriveSection } | undefined)?.driveSection ??
    'home') as DriveSection;
  const { hash } = useParams();
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const userId = useBootstrapData().user?.id ?? null;
  const ui = useDriveUi();
  const [viewMode, setViewMode] = useViewMode();
  const [sort, setSort] = useSort();
  const [searchParams] = useSearchParams();
  const search = useMemo(() => parseSearch(searchParams), [searchParams]);
  const folderPath = useFolderPath(section === 'folder' ? hash : undefined);
  const tag = searchParams.get('tag')?.trim() || undefined;
  const { params, listing, entries, total } = useSectionListing(section, hash, sort, search, tag);
  const [selection, setSelection] = useDriveSelection(entries, `${section}/${hash}/${searchParams}`);
  const [isDetailsOpen, setDetailsOpen] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ at: Point; kind: 'entries' | 'background' } | null>(null);
  const moveTo = useMoveEntriesTo();
  const navigate = useNavigate();
  const onPreview = useCallback((entry: FileEntry) => setPreviewId(entry.id), []);
  const onDetails = useCallback(() => setDetailsOpen(true), []);
  const actions = useEntryActions({ section, onPreview, onDetails });

  const folder = folderPath.data?.folder ?? null;
  const queryClient = useQueryClient();
  // While the folder's path loads, the name from the list it was opened from titles the page.
  const openingName = section === 'folder' && !folder && hash ? cachedFolder(queryClient, hash)?.name : undefined;
  const title = section === 'folder' ? (folder?.name ?? openingName ?? trans('Folder')) : trans(TITLES[section]);
  useDocumentTitle(title);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const selected = useMemo(
    () =>
      selectedInOrder(
        selection,
        entries.map((e) => e.id),
      ).flatMap((id) => byId.get(id) ?? []),
    [selection, entries, byId],
  );
  const groups = actionGroups(section, selected);
  // Select all in a place bigger than what is loaded (or than one call takes) acts on the whole place.
  const place = { section, folderId: folder?.id ?? null, total, isAllLoaded: !listing.hasNextPage };
  const whole = wholeSelectionOf(selection, place);
  const files = useMemo(() => entries.filter((e) => !isFolder(e)), [entries]);
  const isMissing = [folderPath.error, listing.error].some((e) => isApiError(e) && e.status === 404);
  // Whether the open place takes new entries: the layout's one rule (workspace role, a shared folder's permission).
  const { canAdd } = ui.target;
  const dropFolder =
    section === 'home' && canAdd
      ? { id: null, name: trans('Home') }
      : section === 'folder' && canAdd && folder
        ? { id: folder.id, name: folder.name }
        : undefined;

  const open = (entry: FileEntry) =>
    isFolder(entry) ? actions.run('open', [entry]) : section !== 'trash' && setPreviewId(entry.id);
  const onCommand = (command: KeyCommand, at?: Point) => {
    const focused = selection.focused !== null ? byId.get(selection.focused) : undefined;
    if (command === 'open') open(focused && selection.selected.has(focused.id) ? focused : selected[0]);
    if (command === 'rename' && groups.flat().includes('rename')) actions.run('rename', selected);
    if (command === 'delete') runOnSelection(section === 'trash' ? 'deleteForever' : 'trash');
    if (command === 'menu' && at) setMenu({ at, kind: 'entries' });
  };
  function runOnSelection(action: EntryAction) {
    // A download names the place rather than each hash even when all is loaded: hashes outgrow an address.
    const all = action === 'download' ? wholeDownloadOf(selection, place) : whole;
    if (all) actions.runWhole(action, all, selected);
    else actions.run(action, selected);
  }

  const emptyKind: EmptyKind = isMissing ? 'missingFolder' : section === 'search' && !params ? 'searchPrompt' : section;
  const canCreate = canAdd && (section === 'home' || section === 'folder');
  const emptyAction = isMissing ? (
    <Link to="/drive" className={buttonClasses('secondary')}>
      {trans('Go to Home')}
    </Link>
  ) : canCreate || (section === 'recent' && canAdd) ? (
    <div className="flex gap-2">
      {canCreate && (
        <Button variant="secondary" onPress={ui.openNewFolder} startIcon={<FolderPlus size={18} aria-hidden />}>
          {trans('New folder')}
        </Button>
      )}
      <Button onPress={ui.pickFiles} startIcon={<FileUp size={18} aria-hidden />}>
        {trans('Upload files')}
      </Button>
    </div>
  ) : undefined;

  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-w-0 flex-1 flex-col">
        <ContentHeader
          section={section}
          title={title}
          path={section === 'home' ? [] : section === 'folder' ? (folderPath.data?.path ?? null) : null}
          folderActions={
            folder
              ? actionGroups('folder', [folder])
                  .map((g) => g.filter((a) => a !== 'open'))
                  .filter((g) => g.length)
              : []
          }
          onFolderAction={(action) => {
            if (!folder) return;
            actions.run(action, [folder]);
            // A trashed folder is no place to stay: go up to its parent.
            const parent = folderPath.data?.path.at(-2);
            if (action === 'trash') void navigate(parent ? `/drive/folders/${parent.hash}` : '/drive');
          }}
          selectedCount={whole?.count ?? selected.length}
          selectionActions={groups.flat()}
          onSelectionAction={runOnSelection}
          onClearSelection={() => setSelection(clearSelection(selection))}
          viewMode={viewMode}
          onViewMode={setViewMode}
          sort={params && isSortable(section) ? sort : null}
          onSort={setSort}
          isDetailsOpen={isDetailsOpen}
          onDetails={setDetailsOpen}
          onEmptyTrash={section === 'trash' && entries.length > 0 ? actions.confirmEmptyTrash : undefined}
          isMobile={isMobile}
        >
          {section === 'search' && (
            <div className="px-2 pb-3">
              <SearchFilters state={search} />
            </div>
          )}
          {section === 'trash' && <TrashNote />}
          {tag && section !== 'trash' && section !== 'shares' && <TagFilterChip />}
        </ContentHeader>
        <AdSlotFrame slot="drive" className="shrink-0 px-4 pb-3" />
        <FileView
          label={title}
          entries={isMissing ? [] : entries}
          total={total}
          isPending={!!params && listing.isPending && !isMissing}
          hasNextPage={listing.hasNextPage}
          isFetchingNextPage={listing.isFetchingNextPage}
          fetchNextPage={() => void listing.fetchNextPage()}
          viewMode={viewMode}
          sort={isSortable(section) ? sort : null}
          onSort={(orderBy) => setSort(nextSort(sort, orderBy))}
          selection={selection}
          onSelection={setSelection}
          userId={userId}
          groupByDay={section === 'recent'}
          isMobile={isMobile}
          canDrag={!isMobile && section !== 'trash' && section !== 'shares'}
          isTrash={section === 'trash'}
          isSearch={section === 'search'}
          dropFolder={dropFolder}
          empty={<EmptyState kind={emptyKind} action={emptyAction} />}
          onOpen={open}
          onCommand={onCommand}
          onEntryMenu={(_, at) => setMenu({ at, kind: 'entries' })}
          onBackgroundMenu={canCreate ? (at) => setMenu({ at, kind: 'background' }) : undefined}
          onMoveInto={(ids, target) => moveTo(ids, { id: target.id, name: target.name })}
          onUpload={(sources, parentId) => ui.upload(sources, parentId)}
        />
      </div>
      {isDetailsOpen && (
        <DetailsPanel
          entries={selected}
          fallback={folder}
          userId={userId}
          isMobile={isMobile}
          onClose={() => setDetailsOpen(false)}
          onShare={(entry) => actions.run('share', [entry])}
        />
      )}
      {menu?.kind === 'entries' && groups.length > 0 && (
        <PointMenu
          at={menu.at}
          label={trans('Actions')}
          groups={actionItems(groups)}
          onAction={(id) => runOnSelection(id as EntryAction)}
          onClose={() => setMenu(null)}
        />
      )}
      {menu?.kind === 'background' && (
        <PointMenu
          at={menu.at}
          label={trans('New')}
          groups={BACKGROUND_MENU}
          onAction={(id) =>
            id === 'new-folder' ? ui.openNewFolder() : id === 'upload-files' ? ui.pickFiles() : ui.pickFolder()
          }
          onClose={() => setMenu(null)}
        />
      )}
      {previewId !== null && (
        <LazyPreviewer
          files={files}
          startId={previewId}
          onClose={() => setPreviewId(null)}
          onDownload={(list) => actions.run('download', list)}
        />
      )}
      {actions.element}
    </div>
  );
}

export { DrivePage as Component };
