import { describe, expect, it } from 'vitest';
import { flagSwitches, roleBody, roleFormValues } from './role-form.ts';

const role = {
  id: 7,
  name: 'Editors',
  description: null,
  is_default: false,
  is_guest: false,
  is_system: false,
  users_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  permissions: [{ name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: 5 }] }],
};

describe('roleFormValues and roleBody', () => {
  it('round-trips a role, an empty description sent as null and the name trimmed', () => {
    const values = roleFormValues(role);
    expect(values).toMatchObject({ name: 'Editors', description: '', default: false, guests: false });
    expect(roleBody({ ...values, name: ' Editors ' })).toEqual({
      name: 'Editors',
      description: null,
      default: false,
      guests: false,
      permissions: role.permissions,
    });
    expect(roleBody({ ...values, description: null }).description).toBeNull();
  });
});

describe('flagSwitches', () => {
  it('offers both flags on a new or ordinary role', () => {
    expect(flagSwitches()).toEqual({ default: 'editable', guests: 'editable' });
    expect(flagSwitches(role)).toEqual({ default: 'editable', guests: 'editable' });
  });

  it('locks the flag a role holds and hides the other flag where it cannot apply', () => {
    expect(flagSwitches({ ...role, is_system: true, is_default: true })).toEqual({
      default: 'locked',
      guests: 'hidden',
    });
    expect(flagSwitches({ ...role, is_system: true, is_guest: true })).toEqual({ default: 'hidden', guests: 'locked' });
    expect(flagSwitches({ ...role, is_system: true })).toEqual({ default: 'hidden', guests: 'hidden' });
    expect(flagSwitches({ ...role, is_guest: true })).toEqual({ default: 'hidden', guests: 'locked' });
  });
});
