import type { AdminSettings } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { SwitchSetting } from '../settings/fields/ChoiceSettings.tsx';
import { useAdminSettings } from '../settings/settings.api.ts';
import { SettingsFormFrame } from '../settings/SettingsFormFrame.tsx';
import { SettingsSection } from '../settings/SettingsSection.tsx';
import { useSettingsForm } from '../settings/useSettingsForm.ts';
import { AdSlotEditor } from './AdSlotEditor.tsx';
import { AD_SLOT_INFO } from './ad-slots.ts';

/** The ads settings as a form: the switch, one editor per slot, the save bar and the question before leaving. */
function AdsForm({ data }: { data: AdminSettings }) {
  const { trans } = useTrans();
  const form = useSettingsForm(data);
  return (
    <SettingsFormFrame form={form} leaveBody="The changes you made to the ads are lost if you leave this page.">
      <form
        noValidate
        aria-label={trans('Ads')}
        onSubmit={(event) => {
          event.preventDefault();
          form.save();
        }}
        className="flex max-w-4xl flex-col gap-6 [&_button]:scroll-mb-24 [&_textarea]:scroll-mb-24"
      >
        <SettingsSection
          title={trans('Ads')}
          description={trans(
            'Ads run in a closed frame that cannot read the site or its cookies; staff and paid plans see none.',
          )}
        >
          <SwitchSetting
            name="ads.disable"
            label={trans('Disable all ads')}
            help="Turn off every ad slot across the site."
          />
        </SettingsSection>
        {AD_SLOT_INFO.map((info) => (
          <AdSlotEditor key={info.slot} {...info} />
        ))}
      </form>
    </SettingsFormFrame>
  );
}

/** Ads (admin area, /admin/ads): the code of each ad slot and the switch that turns them all off. */
export function AdsPage() {
  const { trans } = useTrans();
  const settings = useAdminSettings();
  return (
    <AdminPage title={trans('Ads')} description={trans('Ad code for the landing page, the drive and shared links.')}>
      {settings.data ? (
        <AdsForm data={settings.data} />
      ) : (
        <div className="flex justify-center py-16">
          {settings.isError ? (
            <Button onPress={() => void settings.refetch()}>{trans('Try again')}</Button>
          ) : (
            <Spinner />
          )}
        </div>
      )}
    </AdminPage>
  );
}

export { AdsPage as Component };
