import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { RadioSetting, SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { CookieInfoLink } from './CookieInfoLink.tsx';
import { PolicyListEditor } from './PolicyListEditor.tsx';

/** GDPR: the cookie notice and the policies people accept to register. */
export function GdprTab() {
  const { trans } = useTrans();
  const { currentValue } = useSettingsFormContext();
  return (
    <>
      <SettingsSection title={trans('Cookie notice')}>
        <SwitchSetting
          name="cookie_notice.enable"
          label={trans('Show the cookie notice')}
          help="Visitors see it until they accept it."
        />
        {currentValue('cookie_notice.enable') === true && (
          <>
            <RadioSetting
              name="cookie_notice.position"
              label={trans('Position')}
              options={[
                { id: 'top', label: trans('Top of the page') },
                { id: 'bottom', label: trans('Bottom of the page') },
              ]}
            />
            <CookieInfoLink />
          </>
        )}
      </SettingsSection>
      <SettingsSection title={trans('Registration')}>
        <PolicyListEditor />
      </SettingsSection>
    </>
  );
}
