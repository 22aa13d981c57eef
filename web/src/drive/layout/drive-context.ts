import { createContext, useContext } from 'react';
import type { UploadSource } from '../upload/upload-queue.ts';

/** What the drive layout offers its pages: where New puts things, and the New actions. */
export type DriveUi = {
  /**
   * The open folder (null = the root) that uploads and new folders go into; whether the caller may
   * add there (a workspace viewer, or a folder shared for view or download, takes nothing); and
   * whether the folder is someone else's, shared with the caller.
   */
  target: { parentId: number | null; name: string | null; canAdd: boolean; isShared: boolean };
  openNewFolder: () => void;
  pickFiles: () => void;
  pickFolder: () => void;
  upload: (sources: UploadSource[], parentId: number | null) => void;
};

export const DriveUiContext = createContext<DriveUi | null>(null);

export function useDriveUi(): DriveUi {
  const ui = useContext(DriveUiContext);
  if (!ui) throw new Error('useDriveUi needs the drive layout.');
  return ui;
}
