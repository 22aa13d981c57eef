import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { Actor } from './actor.ts';

const perm = (id: number, name: string, restrictions: Array<{ name: string; value: number | null }> = []) => ({
  id,
  name,
  restrictions,
});

describe('Actor (spec part 1 section 6)', () => {
  it('lets admin pass every check', () => {
    const sut = new Actor({ id: 1, email: 'a@x.io' }, [1], [perm(1, 'admin')]);
    expect(sut.can('logs.view')).toBe(true);
    expect(sut.restriction('files.create', 'max_space_bytes')).toBeNull();
  });

  it('checks a permission by name', () => {
    const sut = new Actor({ id: 2, email: 'u@x.io' }, [2], [perm(5, 'files.create')]);
    expect(sut.can('files.create')).toBe(true);
    expect(sut.can('logs.view')).toBe(false);
  });

  it('treats a count at or above the restriction as over quota, and no value as unlimited', () => {
    const sut = new Actor(
      { id: 2, email: 'u@x.io' },
      [2],
      [
        perm(5, 'links.create', [{ name: 'count', value: 3 }]),
        perm(6, 'workspaces.create', [{ name: 'count', value: null }]),
      ],
    );
    expect(sut.isOverQuota('links.create', 'count', 2)).toBe(false);
    expect(sut.isOverQuota('links.create', 'count', 3)).toBe(true);
    expect(sut.isOverQuota('workspaces.create', 'count', 1_000_000)).toBe(false);
  });

  it('answers 401 to a guest and 403 to a user lacking a permission', () => {
    const guest = new Actor(null, [3], []);
    const user = new Actor({ id: 2, email: 'u@x.io' }, [2], []);
    expect(() => guest.authorize('logs.view')).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => user.authorize('logs.view')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => guest.requireUser()).toThrow(AppError);
  });

  it('checks roles by id', () => {
    expect(new Actor(null, [3], []).hasRole(3)).toBe(true);
    expect(new Actor(null, [3], []).hasRole(1)).toBe(false);
  });
});
