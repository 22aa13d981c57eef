import { useId } from 'react';
import clsx from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { IconButton } from '../../../ui/Button.tsx';
import { inputClasses } from '../../../ui/TextField.tsx';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard.ts';

/** Where a gateway posts its events: the configured site address (APP_URL), else this page's origin. */
export function webhookAddress(gateway: 'stripe' | 'paypal', appUrl: string | null, origin: string): string {
  return `${(appUrl ?? origin).replace(/\/+$/, '')}/api/v1/billing/webhooks/${gateway}`;
}

/** The webhook address to register at a gateway, read-only with a copy button. */
export function WebhookAddress({ address, help, testId }: { address: string; help: string; testId: string }) {
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
          data-testid={testId}
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
        {help}
      </p>
    </div>
  );
}
