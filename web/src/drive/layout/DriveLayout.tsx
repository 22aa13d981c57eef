import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import clsx from 'clsx';
import { Plus } from 'lucide-react';
import { Outlet, useLocation, useMatch } from 'react-router';
import { Button as AriaButton, Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components';
import { useFolderPath } from '../../api/drive.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { focusRing } from '../../ui/button-styles.ts';
import { useHasOpened } from '../../ui/useHasOpened.ts';
import { useCanWriteActiveWorkspace, useDriveRootOnSwitch } from '../../workspaces/active-workspace.ts';
import type { UploadSource } from '../upload/upload-queue.ts';
import { overallPercentage } from '../upload/upload-format.ts';
import { UploadPanel } from '../upload/UploadPanel.tsx';
import { useUploads } from '../upload/useUploads.ts';
import { DriveUiContext, type DriveUi } from './drive-context.ts';
import { DriveNavbar } from './DriveNavbar.tsx';
import { DriveSidebar } from './DriveSidebar.tsx';
import { NewMenu } from './NewMenu.tsx';

// The folder-name dialog loads on first use, not with every drive page.
const NewFolderDialog = lazy(() =>
  import('../dialogs/NewFolderDialog.tsx').then((m) => ({ default: m.NewFolderDialog })),
);

const sourcesOf = (event: ChangeEvent<HTMLInputElement>): UploadSource[] =>
  [...(event.target.files ?? [])].map((file) => ({ file, relativePath: file.webkitRelativePath || undefined }));

/** The drive's frame (UI.md "The drive layout"): navbar, sidebar or drawer, the page, uploads. */
export function DriveLayout() {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const folderHash = useMatch('/drive/folders/:hash')?.params.hash;
  const folder = useFolderPath(folderHash).data?.folder;
  const [isNewFolderOpen, setNewFolderOpen] = useState(false);
  const hasOpenedNewFolder = useHasOpened(isNewFolderOpen);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const uploads = useUploads();
  const { uploader, items } = uploads;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);
  // Switching workspace goes back to the root of the drive (part 1, 4).
  useDriveRootOnSwitch();

  const parentId = folderHash ? (folder?.id ?? null) : null;
  const canWriteWorkspace = useCanWriteActiveWorkspace();
  // A folder shared with the caller takes new entries only with edit; while it loads, nothing is offered.
  const canAdd =
    canWriteWorkspace && (!folderHash || (!!folder && (!folder.permission || folder.permission === 'edit')));
  const isShared = !!folderHash && !!folder?.permission;
  const uploadProgress = {
    active: items.filter((i) => i.status === 'pending' || i.status === 'inProgress').length,
    percentage: overallPercentage(items),
  };
  const ui = useMemo<DriveUi>(
    () => ({
      target: { parentId, name: folderHash ? (folder?.name ?? null) : null, canAdd, isShared },
      openNewFolder: () => setNewFolderOpen(true),
      pickFiles: () => filesInput.current?.click(),
      pickFolder: () => folderInput.current?.click(),
      upload: (sources, into) => uploader.add(sources, into),
    }),
    [parentId, folderHash, folder?.name, canAdd, isShared, uploader],
  );
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    uploader.add(sourcesOf(event), parentId);
    event.target.value = '';
  };

  return (
    <DriveUiContext.Provider value={ui}>
      {/* The full height less the impersonation banner's, when staff are logged in as this user. */}
      <div className="flex h-[calc(100dvh-var(--kosh-banner-h,0px))] flex-col overflow-hidden bg-bg">
        <DriveNavbar onOpenDrawer={() => setDrawerOpen(true)} uploads={uploadProgress} />
        <div className="flex min-h-0 flex-1">
          {!isMobile && <DriveSidebar className="shrink-0" />}
          <main id="main-content" className="flex min-w-0 flex-1 flex-col">
            <Outlet />
          </main>
        </div>
      </div>
      {isMobile && (
        <>
          <ModalOverlay
            isOpen={isDrawerOpen}
            onOpenChange={setDrawerOpen}
            isDismissable
            className="fixed inset-0 z-50 bg-black/40 data-[entering]:animate-fade-in"
          >
            <Modal
              className={clsx(
                'h-full w-[280px] max-w-[85vw] bg-bg pt-4 shadow-xl outline-none',
                'data-[entering]:animate-fade-in',
              )}
            >
              <AriaDialog aria-label={trans('Drive')} className="h-full outline-none">
                <DriveSidebar className="w-full" />
              </AriaDialog>
            </Modal>
          </ModalOverlay>
          <NewMenu
            placement="top end"
            trigger={
              <AriaButton
                aria-label={trans('New')}
                className={clsx(
                  'fixed right-4 bottom-6 z-30 inline-flex size-14 items-center justify-center',
                  'rounded-2xl bg-primary text-on-primary shadow-lg',
                  focusRing,
                )}
              >
                <Plus size={26} aria-hidden />
              </AriaButton>
            }
          />
        </>
      )}
      <input ref={filesInput} type="file" multiple hidden onChange={onPicked} data-testid="upload-files-input" />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        onChange={onPicked}
        data-testid="upload-folder-input"
        {...{ webkitdirectory: '' }}
      />
      {hasOpenedNewFolder && (
        <Suspense fallback={null}>
          <NewFolderDialog isOpen={isNewFolderOpen} onClose={() => setNewFolderOpen(false)} parentId={parentId} />
        </Suspense>
      )}
      <UploadPanel {...uploads} />
    </DriveUiContext.Provider>
  );
}

export { DriveLayout as Component };
