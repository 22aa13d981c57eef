// Free page reporting: a VM whose kernel hands memory freed in the guest back to its host
// (this machine's: /sys/module/page_reporting, 2 MiB blocks reported as soon as they are free).
// A file deleted between two uploads gives its page cache back; the next upload's writes then
// fault it in again from the host, at a cost that depends on when the host took it. Measured
// here on 1 GiB written and fsynced from Node: 0.29-0.35 s of CPU back to back, 0.65-2.3 s with
// three seconds between runs. That lands at random on any of the uploads compared, so the
// ratios swung by a third between runs. The bench asks the kernel to report memory only after
// it has been free for a minute while it runs, and puts the setting back after.
import fs from 'node:fs';

const MIN_FREE_MS = '/sys/module/page_reporting/parameters/min_free_ms';
const DEFERRED_MS = 60_000;

/** Defers free page reporting for the run where the kernel allows it; answers a line for the output and the undo. */
export function deferPageReporting(): { note: string; restore(): void } {
  const keep = { restore: () => undefined };
  if (process.env.KOSH_BENCH_PAGE_REPORTING === 'keep')
    return { ...keep, note: 'free page reporting left as it is (KOSH_BENCH_PAGE_REPORTING=keep)' };
  let before: string;
  try {
    before = fs.readFileSync(MIN_FREE_MS, 'utf8').trim();
  } catch {
    return { ...keep, note: 'no free page reporting to defer' };
  }
  if (Number(before) >= DEFERRED_MS) return { ...keep, note: `free page reporting already deferred (${before} ms)` };
  try {
    fs.writeFileSync(MIN_FREE_MS, String(DEFERRED_MS));
  } catch {
    return {
      ...keep,
      note:
        `free page reporting after ${before} ms, not adjustable by this user: ` +
        'upload figures vary by a third between runs',
    };
  }
  return {
    note:
      `free page reporting deferred from ${before} ms to ${DEFERRED_MS} ms for the run ` +
      '(KOSH_BENCH_PAGE_REPORTING=keep leaves it)',
    restore: () => fs.writeFileSync(MIN_FREE_MS, before),
  };
}
