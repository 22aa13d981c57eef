import type { AdminSettings } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { RadioSetting } from '../fields/ChoiceSettings.tsx';
import { SecretSetting } from '../fields/SecretSetting.tsx';
import { TextSetting } from '../fields/TextSettings.tsx';
import { GroupErrorAlert } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import { WebhookAddress, webhookAddress } from './WebhookAddress.tsx';

/** PayPal: the REST app's client id and secret (checked with PayPal on save), the mode, its webhook. */
export function PayPalSection({ status }: { status: AdminSettings['status'] }) {
  const { trans } = useTrans();
  return (
    <SettingsSection
      title="PayPal"
      description={trans(
        'Subscriptions approved on PayPal’s own page. The client ID and secret are checked with PayPal on save.',
      )}
    >
      <GroupErrorAlert group="paypal" />
      <RadioSetting
        name="billing.paypal.mode"
        label={trans('Mode')}
        options={[
          { id: 'sandbox', label: trans('Sandbox'), description: trans('Test accounts; no money moves.') },
          { id: 'live', label: trans('Live'), description: trans('Real payments.') },
        ]}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextSetting
          name="billing.paypal.client_id"
          label={trans('Client ID')}
          help="Apps & Credentials in PayPal’s developer dashboard, for the mode above."
        />
        <SecretSetting name="billing.paypal.client_secret" label={trans('Secret')} help="The app’s secret key." />
      </div>
      <TextSetting
        name="billing.paypal.webhook_id"
        label={trans('Webhook ID')}
        help="Shown beside the webhook once you add the address below to the app."
      />
      <WebhookAddress
        address={webhookAddress('paypal', status.appUrl, window.location.origin)}
        help={trans('Add this webhook to the PayPal app with the billing subscription and payment sale events.')}
        testId="paypal-webhook-address"
      />
    </SettingsSection>
  );
}
