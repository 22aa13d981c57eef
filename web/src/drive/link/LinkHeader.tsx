import { Fragment } from 'react';
import clsx from 'clsx';
import { ChevronRight, Download, HardDriveDownload } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { SortMenu, ViewToggle } from '../header/HeaderControls.tsx';
import type { Sort, ViewMode } from '../view-state.ts';
import type { Trail } from './link-page-state.ts';

type Props = {
  rootName: string;
  /** The owner's name, shown once the link is open; null when unknown. */
  sharedBy: string | null;
  trail: Trail;
  onCrumb: (depth: number) => void;
  canDownload: boolean;
  onDownload: () => void;
  canSave: boolean;
  onSave: () => void;
  isSaving: boolean;
  isFolder: boolean;
  viewMode: ViewMode;
  onViewMode: (mode: ViewMode) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
  isMobile: boolean;
};

/** The link page's header row: crumbs inside the link, then download, save to my drive, sort and view. */
export function LinkHeader(props: Props) {
  const { trans } = useTrans();
  const crumbs = [{ hash: null, name: props.rootName }, ...props.trail];
  return (
    <div className="shrink-0">
      <div className="flex min-h-16 flex-wrap items-center gap-2 px-2 py-2 sm:px-4">
        <nav aria-label={trans('Folder path')} className="flex min-w-0 flex-1 items-center">
          <ol className="flex min-w-0 items-center">
            {crumbs.map((crumb, i) => (
              <Fragment key={crumb.hash ?? 'root'}>
                {i > 0 && <ChevronRight size={18} className="shrink-0 text-fg-muted" aria-hidden />}
                <li className="min-w-0">
                  {i === crumbs.length - 1 ? (
                    <h1
                      className="truncate px-2 text-xl text-fg"
                      aria-current="page"
                      title={crumb.name}
                      data-testid="link-title"
                    >
                      {crumb.name}
                    </h1>
                  ) : (
                    <button
                      type="button"
                      onClick={() => props.onCrumb(i - 1)}
                      className={clsx(
                        'block max-w-[200px] truncate rounded-kosh px-2 py-1 text-xl text-fg-muted',
                        'hover:bg-bg-alt hover:text-fg',
                        focusRing,
                      )}
                    >
                      {crumb.name}
                    </button>
                  )}
                </li>
              </Fragment>
            ))}
          </ol>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {props.canSave &&
            (props.isMobile ? (
              <IconButton label={trans('Save to my drive')} onPress={props.onSave} isDisabled={props.isSaving}>
                <HardDriveDownload size={20} aria-hidden />
              </IconButton>
            ) : (
              <Button
                variant="secondary"
                onPress={props.onSave}
                isDisabled={props.isSaving}
                startIcon={<HardDriveDownload size={18} aria-hidden />}
              >
                {trans('Save to my drive')}
              </Button>
            ))}
          {props.canDownload &&
            (props.isMobile ? (
              <IconButton label={trans('Download')} onPress={props.onDownload}>
                <Download size={20} aria-hidden />
              </IconButton>
            ) : (
              <Button onPress={props.onDownload} startIcon={<Download size={18} aria-hidden />}>
                {trans('Download')}
              </Button>
            ))}
          {props.isFolder && <SortMenu sort={props.sort} onChange={props.onSort} isMobile={props.isMobile} />}
          {props.isFolder && <ViewToggle mode={props.viewMode} onChange={props.onViewMode} isMobile={props.isMobile} />}
        </div>
      </div>
      {props.sharedBy && (
        <p className="-mt-2 truncate px-4 pb-2 text-sm text-fg-muted sm:px-6" data-testid="link-shared-by">
          {trans('Shared by :name', { name: props.sharedBy })}
        </p>
      )}
    </div>
  );
}
