import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { type FormPart, multipart } from '../helpers/multipart.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, auditOf, callersOf, send } from './users-fixtures.ts';

let t: TestApp;
let close: () => Promise<void>;
let callers: Awaited<ReturnType<typeof callersOf>>;
let png: Buffer;

beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  callers = await callersOf(t);
  png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();
});
afterAll(() => close());

const avatarUrl = (id: number) => `${ADMIN_USERS}/${id}/avatar`;
const upload = (agent: Agent, id: number, parts: FormPart[]) => {
  const body = multipart(parts);
  return agent.request({ method: 'POST', url: avatarUrl(id), payload: body.payload, headers: body.headers });
};
const pngPart = (data = png): FormPart => ({ name: 'file', filename: 'face.png', type: 'image/png', data });
const storedFile = (image: string) => path.join(t.db.dataDir, 'avatars', path.basename(image));

describe('POST and DELETE admin/users/{id}/avatar', () => {
  it('lets staff set a user’s image, served as WebP, and remove it again; both are audited', async () => {
    const user = await createUser(t.modules);
    const set = await upload(callers.staff.agent, user.id, [pngPart()]);
    expect(set.statusCode, set.body).toBe(200);
    const image = set.json().user.image as string;
    expect(image).toMatch(/^\/api\/v1\/avatars\/[a-f0-9]{32}\.webp$/);
    const served = await newAgent(t).get(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(fs.existsSync(storedFile(image))).toBe(true);
    const [setRow] = await auditOf(t, 'user.update', user.id);
    expect(JSON.parse(setRow.before ?? '{}')).toEqual({ image: null });
    expect(JSON.parse(setRow.after ?? '{}')).toEqual({ image });
    expect(setRow.actor_id).toBe(callers.staff.user.id);

    const removed = await send(callers.staff.agent, 'DELETE', avatarUrl(user.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().user.image).toBeNull();
    expect(fs.existsSync(storedFile(image))).toBe(false);
    const [removeRow] = await auditOf(t, 'user.update', user.id);
    expect(JSON.parse(removeRow.after ?? '{}')).toEqual({ image: null });

    // Removing when there is no image changes nothing and writes nothing down.
    expect((await send(callers.staff.agent, 'DELETE', avatarUrl(user.id))).statusCode).toBe(200);
    expect(await auditOf(t, 'user.update', user.id)).toHaveLength(2);
  });

  it('replaces an image, deleting the old file', async () => {
    const user = await createUser(t.modules);
    const first = (await upload(callers.admin.agent, user.id, [pngPart()])).json().user.image as string;
    const second = await upload(callers.admin.agent, user.id, [pngPart()]);
    expect(second.statusCode).toBe(200);
    expect(second.json().user.image).not.toBe(first);
    expect(fs.existsSync(storedFile(first))).toBe(false);
  });

  it('answers 422 on file for what is not an image and for an image over 2 MB, changing nothing', async () => {
    const user = await createUser(t.modules);
    const text = await upload(callers.staff.agent, user.id, [
      { name: 'file', filename: 'notes.txt', type: 'text/plain', data: Buffer.from('not an image') },
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual(['Please select an image.']);
    const big = await upload(callers.staff.agent, user.id, [pngPart(Buffer.alloc(2 * 1024 * 1024 + 10, 1))]);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toEqual(['The image may not be larger than 2 MB.']);
    const empty = await upload(callers.staff.agent, user.id, [{ name: 'other', value: 'x' }]);
    expect(empty.statusCode).toBe(422);
    const row = await t.modules.db.selectFrom('users').select('image').where('id', '=', user.id).executeTakeFirst();
    expect(row?.image).toBeNull();
    expect(await auditOf(t, 'user.update', user.id)).toEqual([]);
  });

  it('is for holders of users.update; an admin’s image is for admins; unknown users are 404', async () => {
    const user = await createUser(t.modules);
    expect((await upload(callers.visitor, user.id, [pngPart()])).statusCode).toBe(401);
    expect((await upload(callers.plain, user.id, [pngPart()])).statusCode).toBe(403);
    expect((await send(callers.plain, 'DELETE', avatarUrl(user.id))).statusCode).toBe(403);
    const admin = await createUser(t.modules, { admin: true });
    expect((await upload(callers.staff.agent, admin.id, [pngPart()])).statusCode).toBe(403);
    expect((await send(callers.staff.agent, 'DELETE', avatarUrl(admin.id))).statusCode).toBe(403);
    expect((await upload(callers.admin.agent, admin.id, [pngPart()])).statusCode).toBe(200);
    expect((await upload(callers.staff.agent, 999_999, [pngPart()])).statusCode).toBe(404);
    expect((await send(callers.staff.agent, 'DELETE', avatarUrl(999_999))).statusCode).toBe(404);
  });
});
