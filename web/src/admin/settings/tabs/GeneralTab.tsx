import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { SelectSetting, SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { TextSetting } from '../fields/TextSettings.tsx';
import { useCustomPageOptions } from '../settings.api.ts';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

/** The site's address as the server knows it (APP_URL), read-only, warning when this page is elsewhere. */
function SiteUrl() {
  const { trans } = useTrans();
  const { appUrl } = useSettingsFormContext().data.status;
  const origin = window.location.origin;
  const isElsewhere = appUrl !== null && appUrl.replace(/\/+$/, '') !== origin;
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={trans('Site URL')}
        value={appUrl ?? ''}
        placeholder={trans('Not set')}
        isReadOnly
        description={
          appUrl === null
            ? trans('Not set: links in mail use the address of the request.')
            : trans('Set by the environment variable APP_URL; change it there.')
        }
      />
      {isElsewhere && (
        <SettingsNotice tone="warning">
          {trans(
            'This page is open at :origin, not at the site URL. Links in mail and sign-in with other sites ' +
              'use the site URL: check that it is right.',
            { origin },
          )}
        </SettingsNotice>
      )}
    </div>
  );
}

function Homepage() {
  const { trans } = useTrans();
  const { currentValue } = useSettingsFormContext();
  const isCustom = currentValue('homepage.type') === 'customPage';
  const pages = useCustomPageOptions(isCustom);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectSetting
        name="homepage.type"
        label={trans('Homepage')}
        help="What visitors see at the site’s address."
        options={[
          { id: 'landing', label: trans('Landing page') },
          { id: 'login', label: trans('Login page') },
          { id: 'register', label: trans('Registration page') },
          { id: 'customPage', label: trans('Custom page') },
        ]}
      />
      {isCustom && (
        <SelectSetting
          name="homepage.value"
          label={trans('Custom page')}
          placeholder={pages.isError ? trans('The pages could not be loaded') : trans('Choose a page')}
          help={pages.data?.length === 0 ? 'There are no custom pages yet.' : undefined}
          options={pages.data ?? []}
          isLoading={!pages.data?.length}
        />
      )}
    </div>
  );
}

/** General: the site's address, name, contact address, homepage and theme. */
export function GeneralTab() {
  const { trans } = useTrans();
  return (
    <>
      <SettingsSection title={trans('Site')} description={trans('How the site is named and reached.')}>
        <SiteUrl />
        <TextSetting
          name="branding.site_name"
          label={trans('Site name')}
          help="Shown in titles, mail and the footer."
        />
        <TextSetting
          name="contact.email"
          type="email"
          label={trans('Contact address')}
          help="Where contact and reseller enquiries go. Empty: the first admin’s address."
        />
      </SettingsSection>
      <SettingsSection title={trans('Homepage')}>
        <Homepage />
      </SettingsSection>
      <SettingsSection title={trans('Theme')}>
        <SelectSetting
          name="themes.default_mode"
          label={trans('Default theme')}
          help="What people see until they choose."
          options={[
            { id: 'light', label: trans('Light') },
            { id: 'dark', label: trans('Dark') },
            { id: 'system', label: trans('As the device is set') },
          ]}
          className="max-w-xs"
        />
        <SwitchSetting
          name="themes.user_change"
          label={trans('Users may change the theme')}
          help="Offers a light and dark switch in the account menu and the footer."
        />
      </SettingsSection>
    </>
  );
}
