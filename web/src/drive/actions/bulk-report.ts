import type { TransFn } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import type { BulkOutcome, BulkProgress } from './bulk-runner.ts';

/** The one toast a long bulk action updates: progress while it runs, then its result. */
const BULK_TOAST_ID = 'drive-bulk';
/** Below this many entries an action is one quick call: no progress toast. */
const PROGRESS_FROM = 1000;

const formatted = (n: number) => n.toLocaleString();

/** Shows "2,000 of 5,000 items done" while a batched action runs (from the second call on). */
export function progressToast(trans: TransFn) {
  return ({ handled, total }: BulkProgress) => {
    if (total <= PROGRESS_FROM || handled >= total) return;
    toast(trans(':handled of :total items done', { handled: formatted(handled), total: formatted(total) }), {
      type: 'loading',
      id: BULK_TOAST_ID,
    });
  };
}

/** Shows "Working on 100,000 items…" while the server acts on a whole selection in one call. */
export function workingToast(trans: TransFn, count: number): void {
  if (count > PROGRESS_FROM)
    toast(trans('Working on :count items…', { count: formatted(count) }), { type: 'loading', id: BULK_TOAST_ID });
}

/** Ends a bulk action: its success line for what was done, then what was refused and the first reason. */
export function reportOutcome(
  trans: TransFn,
  outcome: BulkOutcome,
  success: (done: number) => string,
  options: { action?: { label: string; action: () => void } } = {},
): void {
  const reason = outcome.reasons[0]?.message ?? '';
  const refusal = outcome.refused
    ? trans(outcome.refused === 1 ? '1 item not done: :reason' : ':count items not done: :reason', {
        count: formatted(outcome.refused),
        reason,
      })
    : '';
  if (!outcome.refused) {
    toast(success(outcome.done), { type: 'positive', id: BULK_TOAST_ID, action: options.action });
    return;
  }
  const message = outcome.done ? `${success(outcome.done)}. ${refusal}` : refusal;
  toast(message, { type: 'danger', id: BULK_TOAST_ID });
}
