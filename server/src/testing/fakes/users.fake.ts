import type { UserRow, UsersRepository } from '../../users/users.repository.ts';

/** users over an array: lookups and updates the way the repository does them. */
export class FakeUsers implements Pick<UsersRepository, 'getById' | 'getByEmail' | 'update'> {
  readonly rows: UserRow[];
  constructor(rows: UserRow[] = []) {
    this.rows = [...rows];
  }

  async getById(id: number): Promise<UserRow | undefined> {
    return this.rows.find((r) => r.id === id);
  }

  async getByEmail(email: string): Promise<UserRow | undefined> {
    return this.rows.find((r) => r.email === email);
  }

  async update(id: number, patch: Partial<Omit<UserRow, 'id' | 'email' | 'created_at'>>): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (row) Object.assign(row, patch);
  }
}
