import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { SettingField } from '../fields/SettingField.tsx';
import { useSetting } from '../SettingsFormContext.ts';

type Link = { label: string; action: string };

/** cookie_notice.button is one object: the notice's link to privacy information, label and address. */
export function CookieInfoLink() {
  const { trans } = useTrans();
  const setting = useSetting<Link>('cookie_notice.button');
  const link: Link = { label: setting.value?.label ?? '', action: setting.value?.action ?? '' };
  // The server names the part at fault ('cookie_notice.button.action: ...'); show it under the link's fields.
  const error = setting.error?.replace(/^cookie_notice\.button\.\w+: /, '');
  return (
    <SettingField name="cookie_notice.button" error={setting.error} className="flex flex-col gap-2">
      <div className="grid gap-5 md:grid-cols-[12rem_1fr]">
        <TextField
          label={trans('Link text')}
          value={link.label}
          onChange={(label) => setting.set({ ...link, label })}
          isDisabled={setting.isLocked}
        />
        <TextField
          label={trans('Link address')}
          value={link.action}
          onChange={(action) => setting.set({ ...link, action })}
          description={trans('A page of this site such as /pages/privacy-policy, or an https address.')}
          isDisabled={setting.isLocked}
          isInvalid={!!error}
          errorMessage={error}
        />
      </div>
    </SettingField>
  );
}
