import { describe, expect, it } from 'vitest';
import type { TreeRow } from './fsck.repository.ts';
import { cyclesAmong } from './fsck.service.ts';

const row = (id: number, parent_id: number | null): TreeRow => ({ id, parent_id, owner_id: 1, workspace_id: null });

describe('cyclesAmong', () => {
  it('finds each cycle of parents once, leaving out the entries that only hang below one', () => {
    // 1 -> 2 -> 1 is a cycle; 3 hangs below it; 4 -> 5 -> 6 -> 4 is another.
    const cycles = cyclesAmong([row(1, 2), row(2, 1), row(3, 1), row(4, 5), row(5, 6), row(6, 4)]);
    expect(cycles.map((c) => c.map((r) => r.id).sort())).toEqual([
      [1, 2],
      [4, 5, 6],
    ]);
  });

  it('finds an entry that is its own parent', () => {
    expect(cyclesAmong([row(7, 7)]).map((c) => c.map((r) => r.id))).toEqual([[7]]);
  });

  it('finds nothing when every entry reaches a parent outside the rows', () => {
    expect(cyclesAmong([row(1, 99), row(2, 1)])).toEqual([]);
  });
});
