import { createContext, useContext, useEffect } from 'react';
import type { AppearanceEditorMessage } from '../../shell/appearance/appearance-editor.ts';

/** The pages the preview frame can show (the editor's page picker). */
export type PreviewPage = 'landing' | 'drive' | 'link' | 'login' | 'pricing';

/** What the section in view tells the editor's header: whether it has unsaved changes, and how to save or drop them. */
export type EditorSection = {
  dirty: boolean;
  saving: boolean;
  save: () => Promise<void>;
  discard: () => void;
  /** A path prefix the section's draft lives under (its sub-screens): moving inside it never asks to leave. */
  scope?: string;
};

export type AppearanceEditorContextValue = {
  /**
   * Sends one frame-protocol message to the preview. The editor keeps the latest message per
   * subject and sends them again whenever the frame reloads, so a preview survives navigation.
   */
  preview: (message: AppearanceEditorMessage) => void;
  /** Forgets every kept preview message and reloads the frame: the saved look again. */
  resetPreview: () => void;
  /** Switches the frame to a page, e.g. the landing page while its section is open. */
  setPreviewPage: (page: PreviewPage) => void;
  /** The section in view registers its Save and Discard here (null when it has none). */
  register: (section: EditorSection | null) => void;
};

export const AppearanceEditorContext = createContext<AppearanceEditorContextValue | null>(null);

export function useAppearanceEditor(): AppearanceEditorContextValue {
  const value = useContext(AppearanceEditorContext);
  if (!value) throw new Error('useAppearanceEditor is used outside the appearance editor.');
  return value;
}

/** Registers the calling section's Save and Discard with the editor's header while it is mounted. */
export function useEditorSection(section: EditorSection): void {
  const { register } = useAppearanceEditor();
  const { dirty, saving, save, discard, scope } = section;
  useEffect(() => {
    register({ dirty, saving, save, discard, scope });
  }, [register, dirty, saving, save, discard, scope]);
  useEffect(() => () => register(null), [register]);
}
