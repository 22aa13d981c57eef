import type { ComponentType, ReactNode } from 'react';
import clsx from 'clsx';
import { Navigate, useParams } from 'react-router';
import type { AdminSettings } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { useAdminSettings } from './settings.api.ts';
import { type BuiltSettingsTab, DEFAULT_SETTINGS_TAB, isBuiltSettingsTab, settingsTabLabel } from './settings-tabs.ts';
import { SettingsTabs } from './SettingsTabs.tsx';
import { AnalyticsTab } from './tabs/AnalyticsTab.tsx';
import { AuthenticationTab } from './tabs/AuthenticationTab.tsx';
import { CacheTab } from './tabs/CacheTab.tsx';
import { DriveTab } from './tabs/DriveTab.tsx';
import { GdprTab } from './tabs/GdprTab.tsx';
import { GeneralTab } from './tabs/GeneralTab.tsx';
import { LocalizationTab } from './tabs/LocalizationTab.tsx';
import { LoggingTab } from './tabs/LoggingTab.tsx';
import { OutgoingEmailTab } from './tabs/OutgoingEmailTab.tsx';
import { QueueTab } from './tabs/QueueTab.tsx';
import { RecaptchaTab } from './tabs/RecaptchaTab.tsx';
import { SubscriptionsTab } from './tabs/SubscriptionsTab.tsx';
import { UploadingTab } from './tabs/UploadingTab.tsx';
import { WebsocketsTab } from './tabs/WebsocketsTab.tsx';
import { SettingsFormFrame } from './SettingsFormFrame.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

const TAB_SCREENS: Record<BuiltSettingsTab, ComponentType> = {
  general: GeneralTab,
  subscriptions: SubscriptionsTab,
  localization: LocalizationTab,
  authentication: AuthenticationTab,
  uploading: UploadingTab,
  'outgoing-email': OutgoingEmailTab,
  cache: CacheTab,
  analytics: AnalyticsTab,
  logging: LoggingTab,
  queue: QueueTab,
  websockets: WebsocketsTab,
  recaptcha: RecaptchaTab,
  gdpr: GdprTab,
  drive: DriveTab,
};

function SettingsLayout({ tab, children }: { tab: BuiltSettingsTab; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 md:flex-row md:items-start md:gap-8">
      <SettingsTabs current={tab} />
      <div className="flex min-w-0 max-w-3xl flex-1 flex-col gap-6">{children}</div>
    </div>
  );
}

/** The open tab as a form: its fields, the save bar while something changed, the question before leaving. */
function SettingsTabForm({ tab, data }: { tab: BuiltSettingsTab; data: AdminSettings }) {
  const { trans } = useTrans();
  const form = useSettingsForm(data);
  const Screen = TAB_SCREENS[tab];
  return (
    <SettingsFormFrame form={form} leaveBody="The changes you made on this tab are lost if you leave it.">
      <SettingsLayout tab={tab}>
        <form
          noValidate
          aria-label={trans(':tab settings', { tab: trans(settingsTabLabel(tab)) })}
          onSubmit={(event) => {
            event.preventDefault();
            form.save();
          }}
          // A focused control stops above the save bar, never under it.
          className={clsx(
            'relative flex flex-col gap-6',
            '[&_button]:scroll-mb-24 [&_input]:scroll-mb-24 [&_textarea]:scroll-mb-24',
          )}
        >
          <Screen key={form.version} />
        </form>
      </SettingsLayout>
    </SettingsFormFrame>
  );
}

/** Settings (admin area): site-wide options on tabs at /admin/settings/:tab; an unknown tab opens General. */
export function SettingsPage() {
  const { trans } = useTrans();
  const { tab } = useParams();
  const settings = useAdminSettings();
  if (!isBuiltSettingsTab(tab)) return <Navigate to={`/admin/settings/${DEFAULT_SETTINGS_TAB}`} replace />;
  return (
    <AdminPage title={trans('Settings')} documentTitle={trans(':tab settings', { tab: trans(settingsTabLabel(tab)) })}>
      {settings.data ? (
        <SettingsTabForm key={tab} tab={tab} data={settings.data} />
      ) : (
        <SettingsLayout tab={tab}>
          <div className="flex justify-center py-16">
            {settings.isError ? (
              <Button onPress={() => void settings.refetch()}>{trans('Try again')}</Button>
            ) : (
              <Spinner />
            )}
          </div>
        </SettingsLayout>
      )}
    </AdminPage>
  );
}

export { SettingsPage as Component };
