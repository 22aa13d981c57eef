import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DriveClient } from '../helpers/drive.ts';
import { browserHeaders, listen, tusUpload } from '../helpers/uploads.ts';

const KIB = 1024;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  await t.modules.settings.service.set('drive.default_space_bytes', 100 * KIB);
});
afterAll(() => t.close());

const reserved = (userId: number) => t.modules.drive.repos.reservations.reservedBytes(userId, new Date().toISOString());

describe('SpaceService reservations', () => {
  it('lets exactly one of two parallel plain uploads through when together they pass the quota', async () => {
    const me = await DriveClient.create(t);
    const results = await Promise.all([
      me.uploadRaw({ name: 'a.bin', content: Buffer.alloc(60 * KIB) }),
      me.uploadRaw({ name: 'b.bin', content: Buffer.alloc(60 * KIB) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect((await me.agent.get('/api/v1/user/space-usage')).json()).toEqual({ used: 60 * KIB, available: 100 * KIB });
    expect(await reserved(me.user.id)).toBe(0);
  });

  it('counts the space reserved by a resumable upload in flight against a plain upload, until terminated', async () => {
    const me = await DriveClient.create(t);
    const headers = await browserHeaders(me.agent);
    // Created with its length declared, no byte sent yet: the space is taken all the same.
    const created = await fetch(`${base}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...headers,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(70 * KIB),
        'Upload-Metadata': `name ${Buffer.from('big.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-expires')).toBeTruthy();
    expect(await reserved(me.user.id)).toBe(70 * KIB);
    expect((await me.uploadRaw({ name: 'c.bin', content: Buffer.alloc(40 * KIB) })).statusCode).toBe(413);
    const second = await tusUpload(Buffer.alloc(40 * KIB), {
      endpoint: `${base}/api/v1/tus/upload`,
      headers,
      metadata: { name: 'd.bin' },
    }).catch((e) => e);
    expect(second.status).toBe(413);
    const url = new URL(created.headers.get('location')!, base).toString();
    expect((await fetch(url, { method: 'DELETE', headers: { ...headers, 'Tus-Resumable': '1.0.0' } })).status).toBe(
      204,
    );
    expect(await reserved(me.user.id)).toBe(0);
    expect((await me.uploadRaw({ name: 'c.bin', content: Buffer.alloc(40 * KIB) })).statusCode).toBe(201);
  });

  it('drops reservations a stopped process left once they expire', async () => {
    const me = await DriveClient.create(t);
    const { reservation } = await t.modules.drive.space.reserve(
      await t.modules.users.actors.forUser({ id: me.user.id, email: me.user.email }),
      90 * KIB,
      { expiresAt: new Date(Date.now() + 2000) },
    );
    expect(await reserved(me.user.id)).toBe(90 * KIB);
    expect((await me.uploadRaw({ name: 'e.bin', content: Buffer.alloc(20 * KIB) })).statusCode).toBe(413);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await reserved(me.user.id)).toBe(0);
    expect(await t.modules.uploads.maintenance.runOnce()).toMatchObject({ reservations: 1 });
    expect(await t.modules.drive.repos.reservations.getById(reservation.id)).toBeUndefined();
  });
});
