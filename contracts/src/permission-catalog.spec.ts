import { describe, expect, it } from 'vitest';
import {
  isAdvancedPermission,
  PERMISSION_CATALOG,
  PERMISSION_GROUPS,
  permissionGroupOf,
  RESTRICTION_KINDS,
} from './permission-catalog.ts';
import { ALL_PERMISSIONS, PermissionRestrictions } from './permissions.ts';

describe('PERMISSION_CATALOG', () => {
  it('describes every permission, in a group the selector knows', () => {
    const groups = new Set(PERMISSION_GROUPS.map((g) => g.name));
    for (const name of ALL_PERMISSIONS) {
      expect(PERMISSION_CATALOG[name]?.description.length, name).toBeGreaterThan(20);
      expect(groups.has(permissionGroupOf(name)), name).toBe(true);
    }
  });

  it('describes exactly the restrictions each permission accepts, each with a kind', () => {
    for (const name of ALL_PERMISSIONS) {
      const described = (PERMISSION_CATALOG[name]?.restrictions ?? []).map((r) => r.name);
      expect(described, name).toEqual([...(PermissionRestrictions[name] ?? [])]);
      for (const r of described) expect(RESTRICTION_KINDS[r], r).toBeDefined();
    }
    expect(RESTRICTION_KINDS.max_space_bytes).toBe('bytes');
  });
});

describe('isAdvancedPermission', () => {
  it('holds for Super admin and the admin screens, not for what users need, and for an unknown name', () => {
    expect(isAdvancedPermission('admin')).toBe(true);
    expect(isAdvancedPermission('settings.update')).toBe(true);
    expect(isAdvancedPermission('files.create')).toBe(false);
    expect(isAdvancedPermission('api.access')).toBe(false);
    expect(isAdvancedPermission('nobody.knows')).toBe(true);
  });
});
