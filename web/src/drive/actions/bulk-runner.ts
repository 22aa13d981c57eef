import { BULK_IDS_MAX } from '@kosh/contracts';

/** How far a bulk action got: entries handled (done or refused) of all selected. */
export type BulkProgress = { handled: number; total: number };
/** Why entries were refused, with how many. */
export type BulkReason = { message: string; count: number };
/** What a bulk action did: how many were done, how many refused and why. */
export type BulkOutcome = { done: number; refused: number; reasons: BulkReason[] };
/** One call's answer, per item (ids calls) or counted (selection calls). */
export type BatchAnswer =
  | { results: Array<{ id: number; ok: boolean; message?: string }> }
  | { done: number; refused: number; reasons: BulkReason[] }
  | { entries: unknown[] };

/** Ids in slices the server takes in one call (at most BULK_IDS_MAX). */
export function batchesOf<T>(ids: readonly T[], size = BULK_IDS_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** Adds one answer of a call on `sent` ids into the running outcome. */
export function addAnswer(outcome: BulkOutcome, sent: number, answer: BatchAnswer): BulkOutcome {
  const reasons = outcome.reasons.map((r) => ({ ...r }));
  const refuse = (message: string, count: number) => {
    const reason = reasons.find((r) => r.message === message);
    if (reason) reason.count += count;
    else reasons.push({ message, count });
  };
  if ('done' in answer) {
    for (const r of answer.reasons) refuse(r.message, r.count);
    return { done: outcome.done + answer.done, refused: outcome.refused + answer.refused, reasons };
  }
  if ('results' in answer) {
    const refused = answer.results.filter((r) => !r.ok);
    for (const r of refused) refuse(r.message ?? 'Not done.', 1);
    return { done: outcome.done + sent - refused.length, refused: outcome.refused + refused.length, reasons };
  }
  return { done: outcome.done + sent, refused: outcome.refused, reasons };
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Not done.');

/**
 * Runs an action over any number of ids, one call of at most BULK_IDS_MAX ids after another
 * (one at a time, so the server's tree lock is never queued up by one user), reporting progress
 * after each. A call that fails refuses its own ids with its message and the run goes on: the
 * outcome counts what was done and what was refused, never all or nothing.
 */
export async function runInBatches(
  ids: readonly number[],
  send: (batch: number[]) => Promise<BatchAnswer>,
  onProgress: (progress: BulkProgress) => void = () => undefined,
  size = BULK_IDS_MAX,
): Promise<BulkOutcome> {
  let outcome: BulkOutcome = { done: 0, refused: 0, reasons: [] };
  let handled = 0;
  onProgress({ handled, total: ids.length });
  for (const batch of batchesOf(ids, size)) {
    try {
      outcome = addAnswer(outcome, batch.length, await send(batch));
    } catch (error) {
      outcome = addAnswer(outcome, batch.length, {
        done: 0,
        refused: batch.length,
        reasons: [{ message: messageOf(error), count: batch.length }],
      });
    }
    handled += batch.length;
    onProgress({ handled, total: ids.length });
  }
  return outcome;
}
