import clsx from 'clsx';
import type { AdminSettings } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SecretSetting } from '../fields/SecretSetting.tsx';
import { GroupErrorAlert } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import { WebhookAddress, webhookAddress } from './WebhookAddress.tsx';

/** The mode the server reads from the saved key's prefix; the key itself never reaches the page. */
function StripeMode({ mode }: { mode: AdminSettings['status']['stripeMode'] }) {
  const { trans } = useTrans();
  if (!mode) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
      <span
        className={clsx(
          'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium',
          mode === 'live' ? 'border border-positive text-positive' : 'bg-bg-chip text-fg',
        )}
      >
        {mode === 'live' ? trans('Live mode') : trans('Test mode')}
      </span>
      {mode === 'live'
        ? trans('Payments are real: the saved secret key is a live key.')
        : trans('No money moves: the saved secret key is a test key.')}
    </p>
  );
}

/** Stripe: its secret key and webhook signing secret (checked with Stripe on save), the mode, the webhook address. */
export function StripeSection({ status }: { status: AdminSettings['status'] }) {
  const { trans } = useTrans();
  return (
    <SettingsSection
      title="Stripe"
      description={trans(
        'Payments through Stripe’s hosted Checkout page. The secret key is checked with Stripe on save.',
      )}
    >
      <GroupErrorAlert group="stripe" />
      <StripeMode mode={status.stripeMode} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SecretSetting
          name="billing.stripe.secret_key"
          label={trans('Secret key')}
          help="Starts with sk_ or rk_: Developers, API keys in Stripe’s dashboard."
        />
        <SecretSetting
          name="billing.stripe.webhook_secret"
          label={trans('Webhook signing secret')}
          help="Starts with whsec_."
        />
      </div>
      <WebhookAddress
        address={webhookAddress('stripe', status.appUrl, window.location.origin)}
        help={trans('Add this endpoint in Stripe’s dashboard (Developers, Webhooks); it shows the signing secret.')}
        testId="stripe-webhook-address"
      />
    </SettingsSection>
  );
}
