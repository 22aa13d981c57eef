import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { TextSetting } from '../fields/TextSettings.tsx';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

/** Analytics: a Google tag on the public pages, off until a measurement ID is given. */
export function AnalyticsTab() {
  const { trans } = useTrans();
  return (
    <SettingsSection
      title={trans('Google Analytics')}
      description={trans('Counts visits to the landing, pricing, contact and custom pages.')}
    >
      <TextSetting
        name="analytics.tracking_id"
        label={trans('Measurement ID')}
        help="Such as G-XXXXXXX. Empty: no analytics."
        placeholder="G-XXXXXXX"
        className="max-w-sm"
      />
      <SettingsNotice>
        {trans(
          'Never on sign-in, the drive, shared links or the admin area. While the cookie notice is on, ' +
            'the tag loads only for visitors who accepted cookies.',
        )}
      </SettingsNotice>
    </SettingsSection>
  );
}
