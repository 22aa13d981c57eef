import { describe, expect, it, vi } from 'vitest';
import { Permission } from '@kosh/contracts';
import { Actor } from '../../auth/actor.ts';
import type { Database } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PagesAdminRepository } from './pages-admin.repository.ts';
import { PagesAdminService } from './pages-admin.service.ts';

const grant = (name: string) => ({ id: 1, name, restrictions: [] });
const editor = new Actor({ id: 7, email: 'e@example.test' }, [], [grant(Permission.customPagesUpdate)]);
const settingsStaff = new Actor({ id: 8, email: 's@example.test' }, [], [grant(Permission.settingsUpdate)]);
const user = new Actor({ id: 9, email: 'u@example.test' }, [], []);
const at = new Date('2026-03-01T10:00:00Z');
const stored = {
  id: 5,
  title: 'About',
  slug: 'about',
  body: '<p>Hi</p>',
  seo: null,
  created_at: at.toISOString(),
  updated_at: at.toISOString(),
  owner_id: 7,
  owner_email: 'e@example.test',
  owner_first_name: 'Eve',
  owner_last_name: null,
};

/** The service over an in-memory repository; the database only runs the transaction's work. */
function serviceWith(settings: Record<string, unknown> = {}) {
  const repo = {
    list: vi.fn(async () => ({
      rows: [stored],
      page: { current_page: 1, last_page: 1, per_page: 50, total: 1 },
    })),
    getById: vi.fn(async () => stored),
    slugTaken: vi.fn(async () => false),
    create: vi.fn(async () => 5),
    update: vi.fn(async () => undefined),
    getManyByIds: vi.fn(async (ids: number[]) => ids.map((id) => ({ ...stored, id, title: `Page ${id}` }))),
    deleteMany: vi.fn(async () => undefined),
  };
  const db = { transaction: () => ({ execute: (work: (trx: unknown) => unknown) => work(db) }) };
  const audit = { record: vi.fn(async () => undefined) };
  const images = { forgetUnused: vi.fn(async () => undefined) };
  const service = new PagesAdminService({
    db: db as unknown as Database,
    dialect: 'postgres',
    repo: repo as unknown as PagesAdminRepository,
    audit: audit as unknown as AuditService,
    settings: { get: async <T>(key: string) => settings[key] as T },
    images,
    clock: () => at,
  });
  return { service, repo, audit, images };
}

describe('PagesAdminService', () => {
  describe('list', () => {
    it('answers page editors and settings editors (the homepage choice), with each page’s owner', async () => {
      const { service } = serviceWith();
      const query = { page: 1, perPage: 50 };
      for (const actor of [editor, settingsStaff]) {
        const answer = await service.list(actor, query);
        expect(answer.data[0]?.owner).toEqual({ id: 7, name: 'Eve', email: 'e@example.test' });
        expect(answer.total).toBe(1);
      }
      await expect(service.list(user, query)).rejects.toMatchObject({ status: 403 });
    });
  });

  describe('create', () => {
    it('stores a sanitised body owned by the caller, and audits it', async () => {
      const { service, repo, audit } = serviceWith();
      const body = { title: 'About', slug: 'about', body: '<p onclick="x()">Hi<script>x</script></p>' };
      await service.create({ actor: editor }, { ...body, seo: { title: null, description: null } });
      expect(repo.create).toHaveBeenCalledWith(
        { title: 'About', slug: 'about', body: '<p>Hi</p>', seo: null },
        7,
        at.toISOString(),
        expect.anything(),
      );
      expect(audit.record).toHaveBeenCalledWith(
        { actor: editor },
        expect.objectContaining({ action: 'custom_page.create', targetId: 5 }),
        expect.anything(),
      );
    });

    it('refuses a slug another page has, writing nothing', async () => {
      const { service, repo } = serviceWith();
      repo.slugTaken.mockResolvedValue(true);
      const body = { title: 'A', slug: 'about', body: '', seo: { title: null, description: null } };
      await expect(service.create({ actor: editor }, body)).rejects.toMatchObject({
        status: 422,
        errors: { slug: ['Another page already has this slug.'] },
      });
      expect(repo.create).not.toHaveBeenCalled();
    });
  });

  describe('delete', () => {
    it('refuses a pick holding the homepage, deleting none of it', async () => {
      const { service, repo, images } = serviceWith({ 'homepage.type': 'customPage', 'homepage.value': '5' });
      await expect(service.delete({ actor: editor }, { ids: [4, 5] })).rejects.toMatchObject({ status: 409 });
      expect(repo.deleteMany).not.toHaveBeenCalled();
      expect(images.forgetUnused).not.toHaveBeenCalled();
    });

    it('deletes the page once another kind of homepage is chosen, then forgets its images', async () => {
      const { service, repo, images } = serviceWith({ 'homepage.type': 'landing', 'homepage.value': '5' });
      expect(await service.delete({ actor: editor }, { ids: [5, 5] })).toEqual({ deleted: 1 });
      expect(repo.deleteMany).toHaveBeenCalledWith([5], expect.anything());
      expect(images.forgetUnused).toHaveBeenCalledWith(['<p>Hi</p>']);
    });
  });
});
