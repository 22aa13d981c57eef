import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SubscriptionResponse } from '@kosh/contracts';
import { isApiError } from '../api/api-error.ts';
import { DEFAULT_ERROR_MESSAGE } from '../api/error-handler.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { BillingShell } from './BillingShell.tsx';
import { cardClasses } from './card-styles.ts';
import { useConfirmOnce } from './useConfirmOnce.ts';

type ConfirmMutation = {
  mutate: (id: string) => void;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data: SubscriptionResponse | undefined;
};

/**
 * A billing page the gateway sends the browser back to: it confirms the gateway's id (from the
 * `param` query parameter) with the server once, then `onDone`; a failure can be tried again.
 */
export function GatewayReturn({
  param,
  mutation,
  title,
  working,
  failureTitle,
  missing,
  onDone,
}: {
  param: string;
  mutation: ConfirmMutation;
  title: string;
  /** Said while the server confirms. */
  working: string;
  failureTitle: string;
  /** Said when the gateway's id is not in the address. */
  missing: string;
  onDone: (response: SubscriptionResponse) => void;
}) {
  const { trans } = useTrans();
  const [search] = useSearchParams();
  const id = search.get(param);
  const confirm = useConfirmOnce(id, mutation);
  useDocumentTitle(title);
  const { data } = confirm;

  useEffect(() => {
    if (data) onDone(data);
  }, [data, onDone]);

  const failure = !id
    ? missing
    : confirm.isError
      ? (isApiError(confirm.error) && confirm.error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE)
      : null;
  return (
    <BillingShell>
      {failure ? (
        <section role="alert" className={cardClasses}>
          <h1 className="flex items-center gap-2 text-xl font-medium text-fg">
            <AlertCircle size={24} className="shrink-0 text-danger" aria-hidden />
            {failureTitle}
          </h1>
          <p className="mt-3 text-sm text-fg-muted">{failure}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {id && <Button onPress={confirm.retry}>{trans('Try again')}</Button>}
            <Link to="/billing" className={buttonClasses('secondary')}>
              {trans('Billing')}
            </Link>
          </div>
        </section>
      ) : (
        <div className="flex flex-col items-center gap-4 py-16 text-center" aria-live="polite">
          <Spinner size={40} immediate label={working} />
          <p className="text-base text-fg">{working}</p>
        </div>
      )}
    </BillingShell>
  );
}
