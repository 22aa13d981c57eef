import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { FileEntry } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { linkDownloadUrl, linkSelectionDownloadUrl, useLinkPage, useSaveLinkToDrive } from '../../api/shares.api.ts';
import { authApi } from '../../api/auth.api.ts';
import { passHumanCheck, recaptchaProvider } from '../../auth/human-check.ts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Navbar } from '../../shell/layout/Navbar.tsx';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import type { EntryAction } from '../actions/entry-actions.ts';
import { actionItems, PointMenu } from '../actions/PointMenu.tsx';
import { startDownloadAt as download } from '../actions/start-download.ts';
import { EmptyState } from '../file-view/EmptyState.tsx';
import { FileView, type Point } from '../file-view/FileView.tsx';
import { isFolder } from '../file-types.ts';
import { Previewer } from '../preview/Previewer.tsx';
import { selectedInOrder } from '../selection/selection-model.ts';
import { linkFlags } from '../share/link-settings.ts';
import { useDriveSelection } from '../useSectionListing.ts';
import { useSort, useViewMode } from '../useViewState.ts';
import { nextSort } from '../view-state.ts';
import { AdSlotFrame } from '../../ads/AdSlotFrame.tsx';
import { FileLinkCard } from './FileLinkCard.tsx';
import { LinkHeader } from './LinkHeader.tsx';
import { LinkUnavailable } from './LinkUnavailable.tsx';
import { linkPageView, openInTrail, orderParam, type Trail, wholeLinkDownloadOf } from './link-page-state.ts';
import { PasswordForm } from './PasswordForm.tsx';

/**
 * The shareable link page (spec part 2, 2-4): /drive/s/{hash} and /s/{hash}. Restricted links send
 * a logged-out visitor to /login; a password link asks for its password before anything loads;
 * folders list page by page and open within the link; files preview and, when allowed, download.
 */
export function LinkPage() {
  const { hash = '' } = useParams();
  const { trans } = useTrans();
  const { user, settings } = useBootstrapData();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [viewMode, setViewMode] = useViewMode();
  const [sort, setSort] = useSort();
  const [password, setPassword] = useState<string | null>(null);
  const [isProtected, setProtected] = useState(false);
  const [trail, setTrail] = useState<Trail>([]);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [menuAt, setMenuAt] = useState<Point | null>(null);
  const folderHash = trail.at(-1)?.hash ?? null;
  const page = useLinkPage(hash, { order: orderParam(sort), password, folderHash }, !isProtected || password !== null);
  const first = page.data?.pages[0];
  useEffect(() => {
    if (first?.passwordInvalid) setProtected(true);
  }, [first?.passwordInvalid]);
  const save = useSaveLinkToDrive(hash);

  const root = first?.link.entry ?? null;
  const folderId = trail.at(-1)?.id ?? (root && isFolder(root) ? root.id : null);
  const flags = linkFlags(first?.link);
  const entries = useMemo<FileEntry[]>(
    () => page.data?.pages.flatMap((p) => p.folderChildren?.data ?? []) ?? [],
    [page.data],
  );
  const [selection, setSelection] = useDriveSelection(entries, `${hash}/${folderHash}`);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const selected = selectedInOrder(
    selection,
    entries.map((e) => e.id),
  ).flatMap((id) => byId.get(id) ?? []);
  useDocumentTitle(root?.name ?? trans('Shareable link'));

  const status = isApiError(page.error) ? page.error.status : undefined;
  const view = linkPageView({
    status,
    passwordInvalid: first?.passwordInvalid,
    restricted: first ? flags.restricted : false,
    isLoggedIn: !!user,
    isProtected,
    password,
  });
  const [notHuman, setNotHuman] = useState(false);
  // While the site checks visitors here, a password is tried only after the human check passes.
  const tryPassword = async (value: string) => {
    const isHuman = await passHumanCheck(settings.recaptcha, 'link_password', recaptchaProvider, authApi.verifyHuman);
    setNotHuman(!isHuman);
    if (isHuman) setPassword(value);
  };
  const passwordError = notHuman
    ? trans('Could not verify you are human.')
    : (status === 429 || status === 403) && isApiError(page.error)
      ? page.error.displayMessage
      : first?.passwordInvalid && password !== null
        ? trans('The password is incorrect.')
        : undefined;
  const previewable = root && !isFolder(root) ? [root] : entries.filter((e) => !isFolder(e));
  const open = useCallback((entry: FileEntry) => {
    if (isFolder(entry)) setTrail((t) => openInTrail(t, t.length - 1, entry));
    else setPreviewId(entry.id);
  }, []);
  const run = (action: EntryAction, list: FileEntry[]) => {
    if (action === 'open' || action === 'preview') open(list[0]);
    if (action !== 'download') return;
    // Select all names the open folder, not the entries loaded so far: the ZIP holds all of it.
    const whole = wholeLinkDownloadOf(selection, folderId, entries.length);
    download(whole ? linkSelectionDownloadUrl(hash, whole) : linkDownloadUrl(hash, list));
  };
  const menuGroups: EntryAction[][] = [
    selected.length === 1 ? [isFolder(selected[0]) ? 'open' : 'preview'] : [],
    flags.allow_download ? ['download'] : [],
  ].filter((g) => g.length > 0) as EntryAction[][];
  const onSave = () =>
    save.mutate(undefined, {
      onSuccess: () =>
        toast.positive(trans('Saved to your drive'), {
          action: { label: trans('Open'), action: () => void navigate('/drive') },
        }),
    });

  if (view === 'login') return <Navigate to="/login" replace />;
  return (
    // The full height less the impersonation banner's, when staff are logged in as someone.
    <div
      className="flex h-[calc(100dvh-var(--kosh-banner-h,0px))] flex-col overflow-hidden bg-bg"
      data-testid="link-page"
    >
      <Navbar menuPosition="shareable-link-page" className="shrink-0" />
      <main id="main-content" className="mx-auto flex min-h-0 w-full max-w-[1200px] flex-1 flex-col">
        {view === 'password' && (
          <PasswordForm
            error={passwordError}
            isPending={page.isFetching}
            onSubmit={(value) => void tryPassword(value)}
          />
        )}
        {(view === 'missing' || view === 'expired') && <LinkUnavailable reason={view} />}
        {view === 'link' && (
          <>
            <LinkHeader
              rootName={root?.name ?? ''}
              sharedBy={first?.link.shared_by?.name ?? null}
              trail={trail}
              onCrumb={(depth) => setTrail((t) => openInTrail(t, depth))}
              canDownload={flags.allow_download && !!root}
              onDownload={() =>
                download(linkDownloadUrl(hash, folderHash ? [{ hash: folderHash, type: 'folder', url: null }] : null))
              }
              canSave={!!user && flags.allow_download && !!root}
              onSave={onSave}
              isSaving={save.isPending}
              isFolder={!root || isFolder(root)}
              viewMode={viewMode}
              onViewMode={setViewMode}
              sort={sort}
              onSort={setSort}
              isMobile={isMobile}
            />
            <AdSlotFrame slot="link_page" className="shrink-0 px-4 pb-3" />
            {root && !isFolder(root) ? (
              <FileLinkCard
                entry={root}
                canDownload={flags.allow_download}
                onPreview={() => setPreviewId(root.id)}
                onDownload={() => download(linkDownloadUrl(hash, null))}
              />
            ) : (
              <FileView
                label={root?.name ?? trans('Shareable link')}
                entries={entries}
                total={first?.folderChildren ? entries.length : 0}
                isPending={page.isPending}
                hasNextPage={page.hasNextPage}
                isFetchingNextPage={page.isFetchingNextPage}
                fetchNextPage={() => void page.fetchNextPage()}
                viewMode={viewMode}
                sort={sort}
                onSort={(orderBy) => setSort(nextSort(sort, orderBy))}
                selection={selection}
                onSelection={setSelection}
                userId={null}
                showOwner={false}
                isMobile={isMobile}
                canDrag={false}
                empty={<EmptyState kind="emptyLinkFolder" />}
                onOpen={open}
                onCommand={(command, at) => {
                  if (command === 'open' && selected[0]) open(selected[0]);
                  if (command === 'menu' && at) setMenuAt(at);
                }}
                onEntryMenu={(_, at) => setMenuAt(at)}
                onMoveInto={() => undefined}
                onUpload={() => undefined}
              />
            )}
          </>
        )}
      </main>
      {menuAt && menuGroups.length > 0 && (
        <PointMenu
          at={menuAt}
          label={trans('Actions')}
          groups={actionItems(menuGroups)}
          onAction={(id) => run(id as EntryAction, selected)}
          onClose={() => setMenuAt(null)}
        />
      )}
      {previewId !== null && (
        <Previewer
          files={previewable}
          startId={previewId}
          onClose={() => setPreviewId(null)}
          onDownload={(list) => download(linkDownloadUrl(hash, list))}
          canDownload={() => flags.allow_download}
        />
      )}
    </div>
  );
}

export { LinkPage as Component };
