import { GetBucketCorsCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, type StorageStatus } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { startRgw, type Rgw } from '../helpers/rgw.ts';
import { staffAgent } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The uploading tab's storage view: the driver tried live, and the bucket CORS rule direct uploads
// need, added from the admin area.
const STATUS = '/api/v1/admin/storage';
const CORS = '/api/v1/admin/storage/cors';

describe('storage on the local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is tried live for settings editors only, and leaves no test object behind', async () => {
    expect((await newAgent(t).get(STATUS)).statusCode).toBe(401);
    expect((await (await staffAgent(t)).agent.get(STATUS)).statusCode).toBe(403);
    const { agent } = await staffAgent(t, { permissions: [Permission.settingsUpdate] });
    const res = await agent.get(STATUS);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StorageStatus;
    expect(body).toMatchObject({ driver: 'local', cors: null, accelPrefix: null });
    expect(body.check).toMatchObject({ ok: true, message: 'A test object was written, read back and deleted.' });
    const left: string[] = [];
    for await (const object of t.modules.storage.list('entries/')) left.push(object.key);
    expect(left).toEqual([]);
  });

  it('needs no CORS rule, and says so', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const res = await agent.post(CORS);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/local disk/);
  });
});

describe('storage in an S3 bucket', () => {
  let rgw: Rgw;
  let t: TestApp;
  beforeAll(async () => {
    rgw = await startRgw();
    t = await createTestApp({ ...rgw.env, APP_URL: 'https://drive.example.test' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await rgw?.stop();
  }, 120_000);

  it('is tried live, reports the missing CORS rule, and adds it once, keeping other rules', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const client = new S3Client({
      endpoint: rgw.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: rgw.env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: rgw.env.S3_SECRET_ACCESS_KEY ?? '' },
    });
    const other = { AllowedOrigins: ['https://other.example'], AllowedMethods: ['GET'] };
    await client.send(
      new PutBucketCorsCommand({ Bucket: rgw.env.S3_BUCKET, CORSConfiguration: { CORSRules: [other] } }),
    );
    const before = (await agent.get(STATUS)).json() as StorageStatus;
    expect(before.driver).toBe('s3');
    expect(before.check.ok).toBe(true);
    expect(before.cors).toEqual({ origin: 'https://drive.example.test', allowed: false, origins: [] });

    const added = await agent.post(CORS);
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as StorageStatus).cors).toMatchObject({
      allowed: true,
      origins: ['https://drive.example.test'],
    });
    expect((await agent.post(CORS)).statusCode).toBe(200);
    const rules = (await client.send(new GetBucketCorsCommand({ Bucket: rgw.env.S3_BUCKET }))).CORSRules ?? [];
    expect(rules).toHaveLength(2);
    expect(rules[0]).toMatchObject(other);
    expect(rules[1]).toMatchObject({ AllowedMethods: expect.arrayContaining(['PUT']), ExposeHeaders: ['ETag'] });
    const audit = await t.modules.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'storage.cors')
      .execute();
    expect(audit.map((row) => row.target_label)).toEqual(['https://drive.example.test', 'https://drive.example.test']);
  });
});
