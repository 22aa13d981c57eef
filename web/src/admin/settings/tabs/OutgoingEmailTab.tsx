import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { adminEndpoints } from '../../admin-endpoints.ts';
import { RadioSetting, SelectSetting } from '../fields/ChoiceSettings.tsx';
import { SecretSetting } from '../fields/SecretSetting.tsx';
import { NumberSetting, TextSetting } from '../fields/TextSettings.tsx';
import { useSetting, useSettingsFormContext } from '../SettingsFormContext.ts';
import { GroupErrorAlert, SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

/** 'Send a test mail': through what is saved now, to the admin; the answer says where, or why not. */
function TestMail() {
  const { trans } = useTrans();
  const { isDirty } = useSettingsFormContext();
  const send = useMutation({
    mutationFn: () => call(adminEndpoints.sendTestMail),
    meta: { handledStatuses: [422] },
  });
  const failure = send.error instanceof ApiError ? send.error.displayMessage : send.error?.message;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onPress={() => send.mutate()} isDisabled={send.isPending || isDirty}>
          {send.isPending ? trans('Sending…') : trans('Send a test mail')}
        </Button>
        <span className="text-xs text-fg-muted">
          {isDirty ? trans('Save your changes first: the test uses the saved settings.') : null}
        </span>
      </div>
      {send.isSuccess && (
        <SettingsNotice>{trans('A test mail was sent to :address.', { address: send.data.sent_to })}</SettingsNotice>
      )}
      {failure && <SettingsNotice tone="danger">{failure}</SettingsNotice>}
    </div>
  );
}

/** Outgoing email: how mail leaves (an SMTP server, or files on the server) and who it is from. */
export function OutgoingEmailTab() {
  const { trans } = useTrans();
  const driver = useSetting<string>('mail.driver');
  const isSmtp = driver.value === 'smtp';
  return (
    <>
      <SettingsSection
        title={trans('Mail server')}
        description={trans('Saving SMTP settings sends you a test mail first; they are kept only if it goes out.')}
      >
        <GroupErrorAlert group="mail" />
        <RadioSetting
          name="mail.driver"
          label={trans('Send mail')}
          options={[
            { id: 'smtp', label: trans('Through an SMTP server') },
            { id: 'file', label: trans('Write it to files on the server (nothing is delivered)') },
          ]}
        />
        {isSmtp ? (
          <>
            <div className="grid gap-5 md:grid-cols-[1fr_10rem]">
              <TextSetting name="mail.smtp.host" label={trans('Host')} placeholder="smtp.example.com" />
              <NumberSetting name="mail.smtp.port" label={trans('Port')} />
            </div>
            <SelectSetting
              name="mail.smtp.encryption"
              label={trans('Encryption')}
              help="STARTTLS for port 587, TLS for 465; none only for a relay on a trusted network."
              className="max-w-sm"
              options={[
                { id: 'starttls', label: 'STARTTLS' },
                { id: 'tls', label: 'TLS' },
                { id: 'none', label: trans('None') },
              ]}
            />
            <div className="grid gap-5 md:grid-cols-2">
              <TextSetting name="mail.smtp.username" label={trans('Username')} help="Empty: no login." />
              <SecretSetting name="mail.smtp.password" label={trans('Password')} />
            </div>
          </>
        ) : (
          <SettingsNotice tone="warning">
            {trans(
              'Mail is written as .eml files under the data folder: password resets, invitations and ' +
                'confirmation codes reach nobody until an SMTP server is set.',
            )}
          </SettingsNotice>
        )}
      </SettingsSection>
      <SettingsSection title={trans('Sender')}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextSetting
            name="mail.from_address"
            type="email"
            label={trans('From address')}
            help="The mail server must be allowed to send for this address."
          />
          <TextSetting name="mail.from_name" label={trans('From name')} />
        </div>
      </SettingsSection>
      <SettingsSection title={trans('Test')}>
        <TestMail />
      </SettingsSection>
    </>
  );
}
