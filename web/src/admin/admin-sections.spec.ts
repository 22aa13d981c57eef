import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, activeSection, visibleSections } from './admin-sections.ts';

const every = () => true;

describe('visibleSections', () => {
  it('lists every section with a page to an admin', () => {
    expect(visibleSections(ADMIN_SECTIONS, every, every).map((s) => s.id)).toEqual([
      'report',
      'users',
      'roles',
      'plans',
      'discount',
      'subscriptions',
      'files',
      'custom-pages',
      'tags',
      'localizations',
      'user-space',
      'enquiries',
      'ads',
      'mail-templates',
      'appearance',
      'settings',
      'logs',
    ]);
  });

  it('lists only the sections whose permission a staff member holds', () => {
    const held = new Set(['admin.access', 'logs.view']);
    const ids = visibleSections(ADMIN_SECTIONS, (p) => held.has(p), every).map((s) => s.id);
    expect(ids).toEqual(['report', 'user-space', 'enquiries', 'logs']);
  });

  it('leaves out a section the router has no page for yet', () => {
    const ids = visibleSections(ADMIN_SECTIONS, every, (path) => path !== '/admin/roles').map((s) => s.id);
    expect(ids).toEqual([
      'report',
      'users',
      'plans',
      'discount',
      'subscriptions',
      'files',
      'custom-pages',
      'tags',
      'localizations',
      'user-space',
      'enquiries',
      'ads',
      'mail-templates',
      'appearance',
      'settings',
      'logs',
    ]);
  });
});

describe('activeSection', () => {
  it('is the report only on /admin itself', () => {
    expect(activeSection(ADMIN_SECTIONS, '/admin')?.id).toBe('report');
    expect(activeSection(ADMIN_SECTIONS, '/admin/')?.id).toBe('report');
  });

  it('is the section a nested path belongs to', () => {
    expect(activeSection(ADMIN_SECTIONS, '/admin/users')?.id).toBe('users');
    expect(activeSection(ADMIN_SECTIONS, '/admin/users/12/details')?.id).toBe('users');
    expect(activeSection(ADMIN_SECTIONS, '/admin/logs/audit')?.id).toBe('logs');
    expect(activeSection(ADMIN_SECTIONS, '/admin/settings/gdpr')?.id).toBe('settings');
    expect(activeSection(ADMIN_SECTIONS, '/admin/custom-pages/3/edit')?.id).toBe('custom-pages');
  });

  it('matches whole path segments only', () => {
    expect(activeSection(ADMIN_SECTIONS, '/admin/users-space')).toBeUndefined();
  });
});
