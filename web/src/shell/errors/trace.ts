import type { TraceFrame, VendorGroup } from '@kosh/contracts';

export type TraceEntry = TraceFrame | VendorGroup;

export function isVendorGroup(entry: TraceEntry): entry is VendorGroup {
  return 'vendorGroup' in entry && entry.vendorGroup === true;
}

/** The frame selected when the dialog opens: the first application frame, else the first frame. */
export function initialFrame(trace: readonly TraceEntry[]): TraceFrame | undefined {
  const app = trace.find((e): e is TraceFrame => !isVendorGroup(e));
  if (app) return app;
  const group = trace.find(isVendorGroup);
  return group?.items[0];
}

/** The vendor group's label and its English key: '1 vendor frame' or ':count vendor frames'. */
export function vendorGroupLabelKey(count: number): string {
  return count === 1 ? '1 vendor frame' : ':count vendor frames';
}

/** Snippet lines in order, with the failing line marked. */
export function snippetLines(frame: TraceFrame): Array<{ number: number; text: string; isFailing: boolean }> {
  return Object.entries(frame.codeSnippet ?? {})
    .map(([n, text]) => ({ number: Number(n), text, isFailing: Number(n) === frame.lineNumber }))
    .filter((l) => Number.isFinite(l.number))
    .sort((a, b) => a.number - b.number);
}
