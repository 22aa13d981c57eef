import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, put } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

const WEAK = ['a', ' ', '1234', '        ', '\t\t\t\t\t\t\t\t'];

describe('link password policy', () => {
  // Class: fail-open password policy on shareable links.
  it('refuses short or whitespace-only link passwords with 422 and an errors map, on create and on edit', async () => {
    const owner = await Person.create(t);
    const folder = await owner.folder('Policy');
    for (const password of WEAK) {
      const res = await owner.agent.post(`/api/v1/file-entries/${folder.id}/shareable-link`, { password });
      expect(res.statusCode, JSON.stringify(password)).toBe(422);
      expect(res.json().errors.password.length).toBeGreaterThan(0);
    }
    expect(
      await t.modules.db.selectFrom('shareable_links').select('id').where('file_entry_id', '=', folder.id).execute(),
    ).toEqual([]);
    await owner.createLink(folder.id);
    for (const password of WEAK) {
      const res = await put(owner.agent, `/api/v1/file-entries/${folder.id}/shareable-link`, { password });
      expect(res.statusCode, JSON.stringify(password)).toBe(422);
      expect(res.json().errors.password.length).toBeGreaterThan(0);
    }
    const row = await t.modules.db
      .selectFrom('shareable_links')
      .select('password')
      .where('file_entry_id', '=', folder.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toBeNull();
    const ok = await put(owner.agent, `/api/v1/file-entries/${folder.id}/shareable-link`, { password: ' 8 chars' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('public hashes', () => {
  // Class: guessable public ids (links and entries carry 128 random bits).
  it('gives new links and entries hashes of at least 16 random bytes', async () => {
    const owner = await Person.create(t);
    const folder = await owner.folder('Hashes');
    const file = await owner.upload('a.txt', 'a', folder.id);
    const { hash } = await owner.createLink(folder.id);
    for (const value of [hash, folder.hash, file.hash]) {
      expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(value, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
  });
});
