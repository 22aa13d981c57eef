import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { RunningServer } from './harness.ts';

/** Grants permissions straight to a user, in the database the server runs on. */
export function grant(server: RunningServer, email: string, names: string[]): void {
  const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const insert = db.prepare(
      'INSERT INTO permission_user (user_id, permission_id, restrictions) ' +
        "SELECT ?, id, '[]' FROM permissions WHERE name = ?",
    );
    for (const name of names) expect(insert.run(id, name).changes).toBe(1);
  } finally {
    db.close();
  }
}

/** The body of an admin client's answer, once it is known to have the expected status. */
export async function ok<T = unknown>(answer: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body as T;
}
