import type { ReactNode } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { SaveBar } from '../roles/SaveBar.tsx';
import { useUnsavedChangesGuard } from '../roles/useUnsavedChangesGuard.tsx';
import { SettingsFormContext } from './SettingsFormContext.ts';
import type { SettingsForm } from './useSettingsForm.ts';

type Props = {
  form: SettingsForm;
  /** Why leaving loses the changes, in the leave question. */
  leaveBody: string;
  children: ReactNode;
};

/** A settings form's frame: the fields' context, the save bar while something changed, the leave question. */
export function SettingsFormFrame({ form, leaveBody, children }: Props) {
  const { trans } = useTrans();
  const guard = useUnsavedChangesGuard(form.isDirty, {
    title: 'Discard unsaved changes?',
    body: leaveBody,
    stay: 'Cancel',
    leave: 'Discard',
  });
  // The bar's words fit beside its buttons on a phone only when short.
  const isMobile = useIsMobile();
  return (
    <SettingsFormContext.Provider value={form}>
      {children}
      <SaveBar
        isVisible={form.isDirty || form.isSaving}
        isSaving={form.isSaving}
        onSave={form.save}
        onDiscard={form.discard}
        message={trans(isMobile ? 'Unsaved changes' : 'You have unsaved changes')}
        saveLabel={trans(isMobile ? 'Save' : 'Save changes')}
      />
      {guard.dialog}
    </SettingsFormContext.Provider>
  );
}
