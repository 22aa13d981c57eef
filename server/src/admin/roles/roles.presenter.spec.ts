import { describe, expect, it } from 'vitest';
import { auditGrants, auditRole, changedFields } from './roles.presenter.ts';

const row = { name: 'Editors', description: null, is_default: 0, is_guest: 0 };

describe('auditGrants', () => {
  it('sorts grants and their restrictions by name and leaves out empty restriction lists', () => {
    expect(
      auditGrants([
        { name: 'links.view', restrictions: [] },
        {
          name: 'workspaces.create',
          restrictions: [
            { name: 'member_count', value: 5 },
            { name: 'count', value: null },
          ],
        },
      ]),
    ).toEqual([{ name: 'links.view' }, { name: 'workspaces.create', restrictions: { count: null, member_count: 5 } }]);
  });
});

describe('changedFields', () => {
  it('answers only the fields that differ, before and after', () => {
    const before = auditRole(row, [{ name: 'files.view', restrictions: [] }]);
    const after = auditRole({ ...row, is_default: 1 }, [
      { name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: 2 }] },
    ]);
    expect(changedFields(before, after)).toEqual({
      before: { is_default: false, permissions: [{ name: 'files.view' }] },
      after: { is_default: true, permissions: [{ name: 'files.create', restrictions: { max_space_bytes: 2 } }] },
      changed: true,
    });
  });

  it('finds no change when the same grants come in another order', () => {
    const a = auditRole(row, [
      { name: 'files.view', restrictions: [] },
      { name: 'links.view', restrictions: [] },
    ]);
    const b = auditRole(row, [
      { name: 'links.view', restrictions: [] },
      { name: 'files.view', restrictions: [] },
    ]);
    expect(changedFields(a, b).changed).toBe(false);
  });
});
