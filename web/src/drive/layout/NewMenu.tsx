import type { ReactElement } from 'react';
import { FileUp, FolderPlus, FolderUp } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import { useDriveUi } from './drive-context.ts';

/**
 * The New menu (UI.md): Upload files, Upload folder, New folder, into the open folder; not offered
 * where the caller may not add (a workspace viewer, a folder shared for view or download).
 */
export function NewMenu({
  trigger,
  placement = 'bottom start',
}: {
  trigger: ReactElement;
  placement?: 'bottom start' | 'top end';
}) {
  const { trans } = useTrans();
  const ui = useDriveUi();
  if (!ui.target.canAdd) return null;
  return (
    <Dropdown
      trigger={trigger}
      placement={placement}
      aria-label={trans('New')}
      minWidth={220}
      onAction={(key) => {
        if (key === 'new-folder') ui.openNewFolder();
        if (key === 'upload-files') ui.pickFiles();
        if (key === 'upload-folder') ui.pickFolder();
      }}
    >
      <MenuItem id="new-folder" icon={<FolderPlus size={18} />}>
        {trans('New folder')}
      </MenuItem>
      <MenuDivider />
      <MenuItem id="upload-files" icon={<FileUp size={18} />}>
        {trans('Upload files')}
      </MenuItem>
      <MenuItem id="upload-folder" icon={<FolderUp size={18} />}>
        {trans('Upload folder')}
      </MenuItem>
    </Dropdown>
  );
}
