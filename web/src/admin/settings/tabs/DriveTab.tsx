import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SizeSetting } from '../fields/SizeSetting.tsx';
import { NumberSetting } from '../fields/TextSettings.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

/** Drive: how long trash is kept and the space of users no role gives any. */
export function DriveTab() {
  const { trans } = useTrans();
  return (
    <>
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
