import type { Database } from '../db/database.ts';

/** Client networks (an IPv4 address, an IPv6 /64) each account has signed in from. */
export class KnownNetworksRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async has(userId: number, network: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('known_networks')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('network', '=', network)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remember(userId: number, network: string, at: string): Promise<void> {
    await this.db
      .insertInto('known_networks')
      .values({ user_id: userId, network, last_seen_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'network']).doUpdateSet({ last_seen_at: at }))
      .execute();
  }
}
