import { TYPEAHEAD_RESET_MS } from '@kosh/contracts/constants';

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

/**
 * Index of the item matching the typed search. Repeating one character cycles through
 * the items that start with it; otherwise the search starts at the current item.
 */
export function findTypeAheadMatch(labels: readonly string[], search: string, currentIndex: number): number {
  if (!search || !labels.length) return -1;
  const needle = search.toLocaleLowerCase();
  const isRepeat = needle.length > 1 && [...needle].every((c) => c === needle[0]);
  const query = isRepeat ? needle[0] : needle;
  const start = isRepeat || needle.length === 1 ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let i = 0; i < labels.length; i++) {
    const index = (start + i + labels.length) % labels.length;
    if (labels[index].trim().toLocaleLowerCase().startsWith(query)) return index;
  }
  return -1;
}

/** The typed characters, forgotten 500 ms after the last key (part 1, 9). */
export class TypeAheadBuffer {
  private search = '';
  private handle: unknown;
  private readonly timers: Timers;
  private readonly resetMs: number;

  constructor(
    timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as number),
    },
    resetMs = TYPEAHEAD_RESET_MS,
  ) {
    this.timers = timers;
    this.resetMs = resetMs;
  }

  get value(): string {
    return this.search;
  }

  push(char: string): string {
    this.search += char;
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = this.timers.setTimeout(() => {
      this.search = '';
      this.handle = undefined;
    }, this.resetMs);
    return this.search;
  }
}
