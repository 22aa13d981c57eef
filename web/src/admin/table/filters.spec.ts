import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filterChips,
  isCalendarDay,
  readFilterValues,
  type ChipFormat,
  type FilterDef,
} from './filters.ts';

const DEFS: FilterDef[] = [
  { kind: 'boolean', key: 'emailVerified', label: 'Email', trueLabel: 'Verified', falseLabel: 'Not verified' },
  {
    kind: 'select',
    key: 'roleId',
    label: 'Role',
    options: [
      { value: '1', label: 'admin' },
      { value: '2', label: 'users' },
    ],
  },
  { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'createdFrom', toKey: 'createdTo' },
];

const format: ChipFormat = {
  trans: (line, values) => line.replace(/:(\w+)/g, (_, name: string) => values?.[name] ?? `:${name}`),
  formatDay: (day) => `<${day}>`,
};

describe('readFilterValues', () => {
  it('keeps the values each filter accepts', () => {
    const params = new URLSearchParams('emailVerified=false&roleId=2&createdFrom=2026-01-31&page=3');
    expect(readFilterValues(params, DEFS)).toEqual({ emailVerified: 'false', roleId: '2', createdFrom: '2026-01-31' });
  });

  it('drops what a filter would refuse: a yes/no that is neither, an unknown option, a date that is not one', () => {
    const params = new URLSearchParams('emailVerified=yes&roleId=9&createdFrom=2026-02-30&createdTo=tomorrow');
    expect(readFilterValues(params, DEFS)).toEqual({});
  });

  it('keeps a select value while its options are still loading', () => {
    const defs: FilterDef[] = [{ kind: 'select', key: 'roleId', label: 'Role', options: [] }];
    expect(readFilterValues(new URLSearchParams('roleId=7'), defs)).toEqual({ roleId: '7' });
  });
});

describe('isCalendarDay', () => {
  it('takes real dates only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-2-9')).toBe(false);
  });
});

describe('filterChips', () => {
  it('reads each active filter with its answer, in declared order', () => {
    const chips = filterChips(DEFS, { roleId: '1', emailVerified: 'true' }, format);
    expect(chips).toEqual([
      { id: 'emailVerified', keys: ['emailVerified'], label: 'Email: Verified' },
      { id: 'roleId', keys: ['roleId'], label: 'Role: admin' },
    ]);
  });

  it('names the no answer of a yes/no filter', () => {
    expect(filterChips(DEFS, { emailVerified: 'false' }, format)[0].label).toBe('Email: Not verified');
  });

  it('shows a select value it has no label for as it is', () => {
    const defs: FilterDef[] = [{ kind: 'select', key: 'roleId', label: 'Role', options: [] }];
    expect(filterChips(defs, { roleId: '7' }, format)[0].label).toBe('Role: 7');
  });

  it('reads a date range by its ends, and one chip removes both', () => {
    const both = filterChips(DEFS, { createdFrom: '2026-01-01', createdTo: '2026-01-31' }, format)[0];
    expect(both).toEqual({
      id: 'created',
      keys: ['createdFrom', 'createdTo'],
      label: 'Created: <2026-01-01> – <2026-01-31>',
    });
    expect(filterChips(DEFS, { createdFrom: '2026-01-01' }, format)[0].label).toBe('Created: from <2026-01-01>');
    expect(filterChips(DEFS, { createdTo: '2026-01-31' }, format)[0].label).toBe('Created: until <2026-01-31>');
  });
});

describe('activeFilterCount', () => {
  it('counts a date range once', () => {
    expect(activeFilterCount(DEFS, { createdFrom: '2026-01-01', createdTo: '2026-01-31', roleId: '2' })).toBe(2);
    expect(activeFilterCount(DEFS, {})).toBe(0);
  });
});

const NoControl = () => null;

describe('size range and custom filters', () => {
  const defs: FilterDef[] = [
    { kind: 'sizeRange', key: 'size', label: 'Size', minKey: 'sizeMin', maxKey: 'sizeMax' },
    {
      kind: 'custom',
      key: 'ownerId',
      label: 'Owner',
      accepts: (v) => /^\d+$/.test(v),
      describe: (v) => (v === '4' ? 'ana@example.test' : undefined),
      Control: NoControl,
    },
  ];

  it('keeps whole byte counts and what the custom filter accepts', () => {
    const params = new URLSearchParams('sizeMin=1048576&sizeMax=1.5&ownerId=4');
    expect(readFilterValues(params, defs)).toEqual({ sizeMin: '1048576', ownerId: '4' });
    expect(readFilterValues(new URLSearchParams('ownerId=me'), defs)).toEqual({});
  });

  it('reads sizes in units and the custom value by its description, else as it is', () => {
    expect(filterChips(defs, { sizeMin: '1048576', sizeMax: '2097152' }, format)[0]).toEqual({
      id: 'size',
      keys: ['sizeMin', 'sizeMax'],
      label: 'Size: 1 MB – 2 MB',
    });
    expect(filterChips(defs, { sizeMax: '1024' }, format)[0].label).toBe('Size: at most 1 KB');
    expect(filterChips(defs, { ownerId: '4' }, format)[0].label).toBe('Owner: ana@example.test');
    expect(filterChips(defs, { ownerId: '9' }, format)[0].label).toBe('Owner: 9');
  });
});
