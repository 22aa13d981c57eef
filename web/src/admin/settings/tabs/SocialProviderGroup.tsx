import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { SecretSetting } from '../fields/SecretSetting.tsx';
import { TextSetting } from '../fields/TextSettings.tsx';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { GroupErrorAlert } from '../SettingsNotice.tsx';

export const SOCIAL_PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'twitter', label: 'X (Twitter)' },
  { id: 'envato', label: 'Envato' },
] as const;

type Provider = (typeof SOCIAL_PROVIDERS)[number];

/** One provider's sign-in: on or off, and while on its OAuth client id and secret. */
export function SocialProviderGroup({ provider }: { provider: Provider }) {
  const { trans } = useTrans();
  const { currentValue } = useSettingsFormContext();
  const key = `social.${provider.id}`;
  const isOn = currentValue(`${key}.enable`) === true;
  return (
    <fieldset data-provider={provider.id} className="flex flex-col gap-4 border-t border-divider pt-5">
      <legend className="sr-only">{provider.label}</legend>
      <GroupErrorAlert group={key} />
      <SwitchSetting
        name={`${key}.enable`}
        label={trans('Sign in with :provider', { provider: provider.label })}
        help={isOn ? undefined : 'Needs an OAuth app made on the provider’s developer site.'}
      />
      {isOn && (
        <div className="grid gap-4 pl-12 sm:grid-cols-2">
          <TextSetting name={`${key}.client_id`} label={trans('Client ID')} />
          <SecretSetting name={`${key}.client_secret`} label={trans('Client secret')} />
        </div>
      )}
    </fieldset>
  );
}
