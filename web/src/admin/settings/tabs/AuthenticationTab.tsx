import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { ListSetting } from '../fields/ListSetting.tsx';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import { SOCIAL_PROVIDERS, SocialProviderGroup } from './SocialProviderGroup.tsx';

/** Authentication: registration, email confirmation, blocked domains and sign-in with other sites. */
export function AuthenticationTab() {
  const { trans } = useTrans();
  const { data } = useSettingsFormContext();
  return (
    <>
      <SettingsSection title={trans('Registration')}>
        <SwitchSetting
          name="registration.disable"
          label={trans('Close registration')}
          help="Nobody new can make an account; existing users still sign in."
        />
        <div className="flex flex-col gap-3">
          <SwitchSetting
            name="require_email_confirmation"
            label={trans('Require email confirmation')}
            help="New users enter a code mailed to them before they use the site."
          />
          {!data.status.mailConfigured && (
            <SettingsNotice tone="warning">
              {trans('Outgoing mail is not set up: confirmation codes are written to files, not sent.')}
            </SettingsNotice>
          )}
        </div>
        <SwitchSetting
          name="auth.admin_two_factor"
          label={trans('Staff need two-factor sign-in')}
          help="Staff without it cannot open the admin area until they turn it on in their account settings."
        />
        <ListSetting
          name="auth.domain_blacklist"
          label={trans('Blocked email domains')}
          help="Addresses at these domains, such as example.com, cannot register. One a line, or separated by commas."
          className="max-w-xl"
        />
      </SettingsSection>
      <SettingsSection
        title={trans('Sign in with other sites')}
        description={trans('Each site checks its client ID and secret when you save.')}
      >
        <SwitchSetting
          name="social.compact_buttons"
          label={trans('Compact buttons')}
          help="Round icon buttons in a row instead of a full-width button per site."
        />
        {SOCIAL_PROVIDERS.map((provider) => (
          <SocialProviderGroup key={provider.id} provider={provider} />
        ))}
      </SettingsSection>
    </>
  );
}
