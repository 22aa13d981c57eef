import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SocialProfilesTable } from '../../db/schema.ts';

export type SocialProfileRow = Selectable<SocialProfilesTable>;

export class SocialProfilesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getByServiceId(service: string, userServiceId: string): Promise<SocialProfileRow | undefined> {
    return this.db
      .selectFrom('social_profiles')
      .selectAll()
      .where('service_name', '=', service)
      .where('user_service_id', '=', userServiceId)
      .executeTakeFirst();
  }

  listOfUser(userId: number): Promise<SocialProfileRow[]> {
    return this.db
      .selectFrom('social_profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('service_name')
      .execute();
  }

  /** Links the provider account to the user, replacing an earlier link of the same service. */
  async link(row: {
    user_id: number;
    service_name: string;
    user_service_id: string;
    username: string | null;
    email: string | null;
    at: string;
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('social_profiles')
        .where('user_id', '=', row.user_id)
        .where('service_name', '=', row.service_name)
        .execute();
      await trx
        .insertInto('social_profiles')
        .values({
          user_id: row.user_id,
          service_name: row.service_name,
          user_service_id: row.user_service_id,
          username: row.username,
          email: row.email,
          created_at: row.at,
          updated_at: row.at,
        })
        .execute();
    });
  }

  async unlink(userId: number, service: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('social_profiles')
      .where('user_id', '=', userId)
      .where('service_name', '=', service)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
