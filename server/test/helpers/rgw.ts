import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);
const scripts = path.resolve(import.meta.dirname, '../../../scripts');
const PACKAGES = 'ceph-mon ceph-osd radosgw ceph-common';

export type Rgw = {
  /** Environment for the server's config (STORAGE_DRIVER=s3 and the S3_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * A real S3 service for one test file: Ceph's RADOS Gateway started by scripts/start-rgw.sh
 * (about 2 s), stopped by stop(). With KOSH_TEST_S3_ENDPOINT, KOSH_TEST_S3_ACCESS_KEY_ID and
 * KOSH_TEST_S3_SECRET_ACCESS_KEY set, a running one is reused instead. Either way the file
 * gets a bucket of its own.
 */
export async function startRgw(): Promise<Rgw> {
  const bucket = `kosh-test-${randomBytes(5).toString('hex')}`;
  const reuse = process.env.KOSH_TEST_S3_ENDPOINT;
  if (reuse) {
    const env = {
      S3_ENDPOINT: reuse,
      S3_ACCESS_KEY_ID: process.env.KOSH_TEST_S3_ACCESS_KEY_ID ?? '',
      S3_SECRET_ACCESS_KEY: process.env.KOSH_TEST_S3_SECRET_ACCESS_KEY ?? '',
      S3_REGION: 'us-east-1',
    };
    await createBucket(env, bucket);
    return { env: { ...env, STORAGE_DRIVER: 's3', S3_BUCKET: bucket }, stop: async () => undefined };
  }
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [path.join(scripts, 'start-rgw.sh')], {
      env: { ...process.env, S3_BUCKET: bucket },
      timeout: 180_000,
      maxBuffer: 1 << 20,
    }));
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    const tail = (e.stderr ?? e.message).split('\n').slice(-15).join('\n');
    throw new Error(
      'Could not start the Ceph RADOS Gateway the S3 tests need (scripts/start-rgw.sh). ' +
        `Install Debian's packages: apt-get install ${PACKAGES}.\n${tail}`,
    );
  }
  const env: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
  }
  const dir = env.RGW_DIR;
  if (!env.S3_ENDPOINT || !dir)
    throw new Error(`scripts/start-rgw.sh printed no S3_ENDPOINT/RGW_DIR (packages: ${PACKAGES}):\n${stdout}`);
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
      S3_REGION: env.S3_REGION ?? 'us-east-1',
      S3_BUCKET: bucket,
    },
    stop: async () => {
      await run('bash', [path.join(scripts, 'stop-rgw.sh'), dir], { timeout: 60_000 });
    },
  };
}

async function createBucket(env: Record<string, string>, bucket: string): Promise<void> {
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
}
