import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { TextAreaSetting } from '../fields/TextSettings.tsx';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import type { SettingsForm } from '../useSettingsForm.ts';
import { PayPalSection } from './PayPalSection.tsx';
import { StripeSection } from './StripeSection.tsx';

/** A secret as it would be after saving: typed now, removed now (''), or the saved one. */
const isSecretGiven = (form: SettingsForm, key: string) => {
  const edited = form.currentValue(key);
  return typeof edited === 'string' ? edited !== '' : !!form.data.secrets[key];
};

/** Subscriptions: billing on or off, each payment gateway's keys, and what invoices say about the seller. */
export function SubscriptionsTab() {
  const { trans } = useTrans();
  const form = useSettingsFormContext();
  const isBillingOn = form.currentValue('billing.enable') === true;
  const isStripeReady =
    isSecretGiven(form, 'billing.stripe.secret_key') && isSecretGiven(form, 'billing.stripe.webhook_secret');
  const isPayPalReady =
    !!form.currentValue('billing.paypal.client_id') &&
    isSecretGiven(form, 'billing.paypal.client_secret') &&
    !!form.currentValue('billing.paypal.webhook_id');
  return (
    <>
      <SettingsSection title={trans('Billing')}>
        <div className="flex flex-col gap-3">
          <SwitchSetting
            name="billing.enable"
            label={trans('Enable billing')}
            help="The pricing page offers plans and users can subscribe to them."
          />
          {isBillingOn && !isStripeReady && !isPayPalReady && (
            <SettingsNotice tone="warning">
              {trans('No payment gateway is configured: the checkout page will offer none.')}
            </SettingsNotice>
          )}
        </div>
      </SettingsSection>
      <StripeSection status={form.data.status} />
      <PayPalSection status={form.data.status} />
      <SettingsSection title={trans('Invoices')} description={trans('Printed on every invoice users download.')}>
        <TextAreaSetting
          name="billing.invoice.company"
          label={trans('Company details')}
          help="Name, address and tax number, as invoices show them"
          rows={4}
        />
        <TextAreaSetting
          name="billing.invoice.notes"
          label={trans('Notes')}
          help="Payment terms or a thank-you, printed at the foot of each invoice."
          rows={3}
        />
      </SettingsSection>
    </>
  );
}
