import type { SpaceReservationsRepository } from '../../drive/space-reservations.repository.ts';

type Row = { id: number; user_id: number; bytes: number; expires_at: string; created_at: string };

/** space_reservations over an array; `inserted` keeps every row ever written, released or not. */
export class FakeSpaceReservations
  implements Pick<SpaceReservationsRepository, 'reservedBytes' | 'insert' | 'delete' | 'renew'>
{
  readonly rows: Row[] = [];
  readonly inserted: Row[] = [];
  private nextId = 1;

  /** Bytes of the owner's reservations still live at `at`, except one. */
  async reservedBytes(userId: number, at: string, options: { except?: number | null } = {}): Promise<number> {
    return this.rows
      .filter((r) => r.user_id === userId && r.expires_at > at && r.id !== options.except)
      .reduce((sum, r) => sum + r.bytes, 0);
  }

  async insert(row: Omit<Row, 'id'>): Promise<number> {
    const stored = { id: this.nextId++, ...row };
    this.rows.push(stored);
    this.inserted.push({ ...stored });
    return stored.id;
  }

  async renew(id: number, expiresAt: string): Promise<void> {
    for (const r of this.rows) if (r.id === id) r.expires_at = expiresAt;
  }

  async delete(id: number): Promise<void> {
    const at = this.rows.findIndex((r) => r.id === id);
    if (at >= 0) this.rows.splice(at, 1);
  }
}
