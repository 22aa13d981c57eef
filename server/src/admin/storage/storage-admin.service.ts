import { Permission, type StorageStatus } from '@kosh/contracts';
import { conflict } from '../../http/app-error.ts';
import { newObjectKey } from '../../storage/keys.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';

const PROBE = Buffer.from('Kosh storage check\n');
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Storage as the uploading tab shows it: the driver in use, tried live, and the bucket CORS rule
 * direct uploads need, which an admin may add from there instead of a shell.
 */
export class StorageAdminService {
  private readonly deps: {
    storage: StorageDriver;
    driver: 'local' | 's3';
    accelPrefix: string | undefined;
    audit: AuditService;
  };
  constructor(deps: StorageAdminService['deps']) {
    this.deps = deps;
  }

  /** The driver, a live write/read/delete of a test object, and (S3) the CORS rule for `origin`. */
  async status(source: AuditSource, origin: string): Promise<StorageStatus> {
    source.actor.authorize(Permission.settingsUpdate);
    const { storage, driver } = this.deps;
    let cors: StorageStatus['cors'] = null;
    if (storage.browserUploadOrigins) {
      const origins: string[] = await storage.browserUploadOrigins().catch(() => []);
      cors = { origin, allowed: origins.includes(origin) || origins.includes('*'), origins };
    }
    return { driver, check: await this.probe(), cors, accelPrefix: this.deps.accelPrefix ?? null };
  }

  /** Adds the CORS rule that lets browsers at `origin` upload straight to the bucket (S3 only). */
  async allowBrowserUploads(source: AuditSource, origin: string): Promise<StorageStatus> {
    source.actor.authorize(Permission.settingsUpdate);
    const { storage } = this.deps;
    if (!storage.allowBrowserUploads || !storage.browserUploadOrigins)
      throw conflict('Files are stored on the local disk: browsers upload through Kosh, and no CORS rule is needed.');
    const before = await storage.browserUploadOrigins();
    await storage.allowBrowserUploads(origin);
    const after = await storage.browserUploadOrigins();
    await this.deps.audit.record(source, {
      action: 'storage.cors',
      targetType: 'storage',
      targetLabel: origin,
      before: { origins: before },
      after: { origins: after },
    });
    return this.status(source, origin);
  }

  private async probe(): Promise<StorageStatus['check']> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const key = newObjectKey('entries');
    let written = false;
    try {
      await this.deps.storage.put(key, PROBE);
      written = true;
      const back = await readAll(await this.deps.storage.getRange(key));
      if (!back.equals(PROBE))
        return { ok: false, message: 'A test object read back differently from what was written.', ms: ms() };
      await this.deps.storage.delete(key);
      written = false;
      return { ok: true, message: 'A test object was written, read back and deleted.', ms: ms() };
    } catch (error) {
      const step = written ? 'Reading back or deleting a test object failed' : 'Writing a test object failed';
      return { ok: false, message: `${step}: ${reason(error)}`, ms: ms() };
    } finally {
      // A probe left behind is an orphan the hourly sweep deletes; try once more now.
      if (written) await this.deps.storage.delete(key).catch(() => {});
    }
  }
}
