import { describe, expect, it } from 'vitest';
import { presentBreakdown, presentTopUser } from './report.presenter.ts';

describe('presentBreakdown', () => {
  it('keeps the top 10 by users and sums the rest as other', () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({
      name: `Country ${String(i).padStart(2, '0')}`,
      users: i + 1,
    }));
    const { items, other } = presentBreakdown(rows);
    expect(items.map((r) => r.users)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(other).toBe(3 + 2 + 1);
  });

  it('orders ties by name, the unknown value last', () => {
    const { items } = presentBreakdown([
      { name: null, users: 2 },
      { name: 'Spain', users: 2 },
      { name: 'India', users: 2 },
      { name: 'Chile', users: 5 },
    ]);
    expect(items.map((r) => r.name)).toEqual(['Chile', 'India', 'Spain', null]);
  });
});

describe('presentTopUser', () => {
  it('names a user by first and last name, else by the address before @', () => {
    const row = { id: 1, email: 'asha@example.test', first_name: 'Asha', last_name: null, image: null };
    expect(presentTopUser(row, 10, 2)).toEqual({
      id: 1,
      name: 'Asha',
      email: row.email,
      image: null,
      bytes: 10,
      files: 2,
    });
    expect(presentTopUser({ ...row, first_name: null }, 10, 2).name).toBe('asha');
  });
});
