import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { RadioSetting, SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { SizeSetting } from '../fields/SizeSetting.tsx';
import { NumberSetting } from '../fields/TextSettings.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

/** Drive: the default view, share notifications, how long trash is kept, and the default space. */
export function DriveTab() {
  const { trans } = useTrans();
  return (
    <>
      <SettingsSection title={trans('Files')}>
        <RadioSetting
          name="drive.default_view"
          label={trans('Default view')}
          help="How the drive lists files for people who have not chosen."
          options={[
            { id: 'list', label: trans('List') },
            { id: 'grid', label: trans('Grid') },
          ]}
        />
        <SwitchSetting
          name="drive.share_notifications"
          label={trans('Share notifications')}
          help="Tell people, in the app and by mail, when something is shared with them."
        />
        <SwitchSetting
          name="drive.share_suggestions"
          label={trans('Suggest addresses when sharing')}
          help="The Share dialog offers the people each user already shares files or workspaces with."
        />
      </SettingsSection>
      <SettingsSection title={trans('Trash')}>
        <NumberSetting
          name="drive.trash_purge_days"
          label={trans('Days in trash')}
          help="Deleted files are removed for good after this many days. 0: kept until the trash is emptied."
          className="max-w-xs"
        />
      </SettingsSection>
      <SettingsSection title={trans('Space')}>
        <SizeSetting
          name="drive.default_space_bytes"
          label={trans('Default space')}
          help="The space of users whose plan or roles set none."
          units={['MB', 'GB', 'TB']}
        />
      </SettingsSection>
    </>
  );
}
