import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startRgw, type Rgw } from '../helpers/rgw.ts';

export const DRIVERS = ['local', 's3'] as const;
export type DriverKind = (typeof DRIVERS)[number];

/**
 * Two apps on one database dialect (KOSH_TEST_DB): one on the local-disk driver, one on the
 * S3 driver against a RADOS Gateway started for this test file.
 */
export function useDriveApps(env: Record<string, string> = {}): Record<DriverKind, TestApp> {
  const apps = {} as Record<DriverKind, TestApp>;
  let rgw: Rgw | undefined;
  beforeAll(async () => {
    rgw = await startRgw();
    apps.local = await createTestApp(env);
    apps.s3 = await createTestApp({ ...env, ...rgw.env });
  }, 240_000);
  afterAll(async () => {
    await apps.local?.close();
    await apps.s3?.close();
    await rgw?.stop();
  }, 120_000);
  return apps;
}
