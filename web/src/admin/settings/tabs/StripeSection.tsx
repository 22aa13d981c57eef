import { useId } from 'react';
import clsx from 'clsx';
import { Check, Copy } from 'lucide-react';
import type { AdminSettings } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { IconButton } from '../../../ui/Button.tsx';
import { inputClasses } from '../../../ui/TextField.tsx';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard.ts';
import { SecretSetting } from '../fields/SecretSetting.tsx';
import { GroupErrorAlert } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

export const STRIPE_WEBHOOK_PATH = '/api/v1/billing/webhooks/stripe';

/** The address Stripe posts events to: the configured site address (APP_URL), else this page's origin. */
export function stripeWebhookAddress(appUrl: string | null, origin: string): string {
  return `${(appUrl ?? origin).replace(/\/+$/, '')}${STRIPE_WEBHOOK_PATH}`;
}

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

/** The webhook address to register at Stripe, read-only with a copy button. */
function WebhookAddress({ address }: { address: string }) {
  const { trans } = useTrans();
  const { copy, isCopied } = useCopyToClipboard();
  const inputId = useId();
  const helpId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {trans('Webhook address')}
      </label>
      <div className="flex items-center gap-1">
        <input
          id={inputId}
          readOnly
          value={address}
          aria-describedby={helpId}
          data-testid="stripe-webhook-address"
          onFocus={(event) => event.target.select()}
          className={clsx(inputClasses, 'font-mono text-xs')}
        />
        <IconButton
          label={isCopied ? trans('Copied!') : trans('Copy webhook address')}
          onPress={() => void copy(address)}
          className="shrink-0"
        >
          {isCopied ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
        </IconButton>
      </div>
      <p id={helpId} className="text-xs text-fg-muted">
        {trans('Add this endpoint in Stripe’s dashboard (Developers, Webhooks); it shows the signing secret.')}
      </p>
    </div>
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
      <WebhookAddress address={stripeWebhookAddress(status.appUrl, window.location.origin)} />
    </SettingsSection>
  );
}
