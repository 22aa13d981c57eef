import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SettingSwitch } from '../../permissions/SettingSwitch.tsx';
import { SettingField } from '../fields/SettingField.tsx';
import { SecretSetting } from '../fields/SecretSetting.tsx';
import { TextSetting } from '../fields/TextSettings.tsx';
import { useSetting } from '../SettingsFormContext.ts';
import { GroupErrorAlert } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

type Places = { register: boolean; contact: boolean; link_password: boolean };

/** recaptcha.enable is one object: each switch sends it whole with its own place changed. */
function RecaptchaPlaces() {
  const { trans } = useTrans();
  const setting = useSetting<Places>('recaptcha.enable');
  const places: Places = {
    register: !!setting.value?.register,
    contact: !!setting.value?.contact,
    link_password: !!setting.value?.link_password,
  };
  const place = (id: keyof Places, label: string, help: string) => (
    <SettingSwitch
      isSelected={places[id]}
      onChange={(isOn) => setting.set({ ...places, [id]: isOn })}
      label={label}
      description={help}
      isDisabled={setting.isLocked}
    />
  );
  return (
    <SettingField name="recaptcha.enable" error={setting.error} className="flex flex-col gap-4">
      <h3 className="text-sm font-medium text-fg">{trans('Check visitors on')}</h3>
      {place('register', trans('Registration page'), trans('Before an account is made.'))}
      {place('contact', trans('Contact page'), trans('Before a message is sent.'))}
      {place('link_password', trans('Link password page'), trans('Before a shared link’s password is tried.'))}
      {(setting.error || setting.isLocked) && (
        <p className={setting.error ? 'text-xs text-danger' : 'text-xs text-fg-muted'}>
          {setting.error ?? setting.description}
        </p>
      )}
    </SettingField>
  );
}

/** reCAPTCHA: the keys of Google reCAPTCHA v3 and the pages that use it. */
export function RecaptchaTab() {
  const { trans } = useTrans();
  return (
    <SettingsSection
      title={trans('reCAPTCHA')}
      description={trans('Google reCAPTCHA v3 tells people from bots without a puzzle. The keys are checked on save.')}
    >
      <GroupErrorAlert group="recaptcha" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextSetting name="recaptcha.site_key" label={trans('Site key')} />
        <SecretSetting name="recaptcha.secret_key" label={trans('Secret key')} />
      </div>
      <RecaptchaPlaces />
    </SettingsSection>
  );
}
