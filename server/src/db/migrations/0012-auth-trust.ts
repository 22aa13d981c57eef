import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';

// Networks each account signed in from: the sign-in throttle never locks the owner out of them.
// Recovery codes: stored as SHA-256 hashes instead of a list encrypted with a key kept in the same
// database (settings app.key). Two-factor secrets are re-encrypted under the key outside the
// database at start (TwoFactorService.reencryptSecrets): a migration cannot see that key.

type Db = Kysely<{
  users: { id: number; two_factor_recovery_codes: string | null };
  settings: { key: string; value: string };
}>;

/** Opens a value the old KeyRing encrypted with the in-database app key (v1.iv.tag.body). */
function openOldBox(appKey: string, box: string): string {
  const [version, iv, tag, body] = box.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not an old box');
  const key = Buffer.from(hkdfSync('sha256', appKey, 'kosh', 'encrypt-at-rest', 32));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_networks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_networks_pk', ['user_id', 'network'])
    .execute();

  const typed = db as Db;
  const setting = await typed.selectFrom('settings').select('value').where('key', '=', 'app.key').executeTakeFirst();
  const appKey = setting ? String(JSON.parse(setting.value) ?? '') : '';
  const rows = await typed
    .selectFrom('users')
    .select(['id', 'two_factor_recovery_codes'])
    .where('two_factor_recovery_codes', 'like', 'v1.%')
    .execute();
  for (const row of rows) {
    if (!row.two_factor_recovery_codes || !appKey) continue;
    const codes = JSON.parse(openOldBox(appKey, row.two_factor_recovery_codes)) as string[];
    // No copy to show again: it would need the outside key. Owners regenerate to see codes.
    const stored = { hashes: codes.map((c) => createHash('sha256').update(c).digest('hex')), box: null };
    await typed
      .updateTable('users')
      .set({ two_factor_recovery_codes: JSON.stringify(stored) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Hashes cannot become codes again: the older server would fail to read them, so they go
  // (two-factor stays on; owners regenerate recovery codes).
  await (db as Db)
    .updateTable('users')
    .set({ two_factor_recovery_codes: null })
    .where('two_factor_recovery_codes', 'like', '{%')
    .execute();
  await db.schema.dropTable('known_networks').ifExists().execute();
}
