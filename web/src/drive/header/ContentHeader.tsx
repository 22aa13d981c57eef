import type { ReactNode } from 'react';
import type { FileEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import type { DriveSection, EntryAction } from '../actions/entry-actions.ts';
import { SelectionToolbar } from '../actions/SelectionToolbar.tsx';
import type { Sort, ViewMode } from '../view-state.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { DetailsToggle, SortMenu, ViewToggle } from './HeaderControls.tsx';

type Props = {
  section: DriveSection;
  title: string;
  path: FileEntry[] | null;
  folderActions: EntryAction[][];
  onFolderAction: (action: EntryAction) => void;
  selectedCount: number;
  selectionActions: EntryAction[];
  onSelectionAction: (action: EntryAction) => void;
  onClearSelection: () => void;
  viewMode: ViewMode;
  onViewMode: (mode: ViewMode) => void;
  sort: Sort | null;
  onSort: (sort: Sort) => void;
  isDetailsOpen: boolean;
  onDetails: (open: boolean) => void;
  onEmptyTrash?: () => void;
  isMobile: boolean;
  children?: ReactNode;
};

/**
 * The header row (UI.md): breadcrumbs or the section's title; view, sort and details on the right,
 * or the selection's actions.
 */
export function ContentHeader(props: Props) {
  const { trans } = useTrans();
  const { isMobile, selectedCount } = props;
  // With the details panel open the row is narrow: the toolbar folds its actions like on phones.
  const isCompact = isMobile || props.isDetailsOpen;
  const toolbar = selectedCount > 0 && (
    <SelectionToolbar
      count={selectedCount}
      actions={isMobile ? props.selectionActions : props.selectionActions.filter((a) => a !== 'details')}
      onAction={props.onSelectionAction}
      onClear={props.onClearSelection}
      isMobile={isCompact}
    />
  );
  return (
    <div className="shrink-0 px-2 sm:px-4">
      <div className="flex h-16 items-center gap-2">
        {isMobile && toolbar ? (
          <div className="min-w-0 flex-1">{toolbar}</div>
        ) : (
          <>
            <div className="flex min-w-0 flex-1 items-center">
              {props.path ? (
                <>
                  <h1 className="sr-only">{props.title}</h1>
                  <Breadcrumbs
                    path={props.path}
                    folderActions={props.folderActions}
                    onFolderAction={props.onFolderAction}
                    isMobile={isMobile}
                  />
                </>
              ) : (
                <h1 className="truncate px-2 text-xl text-fg">{props.title}</h1>
              )}
            </div>
            {toolbar || (
              <div className="flex shrink-0 items-center gap-1 sm:gap-2">
                {props.onEmptyTrash && (
                  <Button variant="danger-text" onPress={props.onEmptyTrash}>
                    {trans('Empty trash')}
                  </Button>
                )}
                {props.sort && <SortMenu sort={props.sort} onChange={props.onSort} isMobile={isMobile} />}
                <ViewToggle mode={props.viewMode} onChange={props.onViewMode} isMobile={isMobile} />
              </div>
            )}
            {!isMobile && <DetailsToggle isOpen={props.isDetailsOpen} onChange={props.onDetails} />}
          </>
        )}
      </div>
      {props.children}
    </div>
  );
}
