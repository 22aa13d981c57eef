import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { ListSetting } from '../fields/ListSetting.tsx';
import { SizeSetting } from '../fields/SizeSetting.tsx';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { StorageStatusPanel } from './StorageStatusPanel.tsx';

/** Uploading: the storage in use, size and type limits, and how files travel. */
export function UploadingTab() {
  const { trans } = useTrans();
  const { data } = useSettingsFormContext();
  const isS3 = data.status.storageDriver === 's3';
  return (
    <>
      <SettingsSection title={trans('Storage')}>
        <TextField
          label={trans('Storage driver')}
          value={isS3 ? trans('S3-compatible storage') : trans('Local disk')}
          isReadOnly
          description={trans('Chosen by the server’s environment variables.')}
          className="max-w-sm"
        />
        <StorageStatusPanel />
      </SettingsSection>
      <SettingsSection title={trans('Limits')}>
        <SizeSetting
          name="uploads.max_size"
          label={trans('Largest file')}
          help="The largest file one upload may hold. 0: no limit."
          zeroMeans={trans('No limit')}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <ListSetting
            name="uploads.allowed_types"
            label={trans('Allowed types')}
            help="Only these may be uploaded, such as image/* or pdf; empty allows every type. One a line."
          />
          <ListSetting
            name="uploads.blocked_types"
            label={trans('Blocked types')}
            help="These may never be uploaded, such as exe or video/*. One a line."
          />
        </div>
      </SettingsSection>
      <SettingsSection title={trans('Transfer')}>
        <SwitchSetting
          name="uploads.resumable"
          label={trans('Resumable uploads')}
          help="Files of 2 MB and more go in pieces and carry on after a lost connection."
        />
        <SizeSetting
          name="uploads.chunk_size"
          label={trans('Piece size')}
          help="How much of a resumable upload each request sends."
        />
        <SwitchSetting
          name="uploads.direct_upload"
          label={trans('Upload straight to storage')}
          help={
            isS3
              ? 'Browsers send files to the bucket directly, not through this server.'
              : 'Only used with S3 storage; this server stores files on its disk.'
          }
        />
      </SettingsSection>
    </>
  );
}
