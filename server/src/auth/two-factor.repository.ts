import type { Database } from '../db/database.ts';

/** The two-factor columns of users; secrets arrive here already encrypted. */
export class TwoFactorRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async setPending(userId: number, secretBox: string, codesBox: string, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        two_factor_secret: secretBox,
        two_factor_recovery_codes: codesBox,
        two_factor_confirmed_at: null,
        two_factor_last_time_step: null,
        updated_at: at,
      })
      .where('id', '=', userId)
      .execute();
  }

  async confirm(userId: number, timeStep: number, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ two_factor_confirmed_at: at, two_factor_last_time_step: timeStep, updated_at: at })
      .where('id', '=', userId)
      .execute();
  }

  /** Swaps the recovery codes only if they are still `expected`: two uses of one code cannot both win. */
  async swapRecoveryCodes(userId: number, expected: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_recovery_codes: next })
      .where('id', '=', userId)
      .where('two_factor_recovery_codes', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records an accepted TOTP time step unless an equal or later one was accepted already. */
  async advanceTimeStep(userId: number, timeStep: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_last_time_step: timeStep })
      .where('id', '=', userId)
      .where((eb) =>
        eb.or([eb('two_factor_last_time_step', 'is', null), eb('two_factor_last_time_step', '<', timeStep)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every user holding a two-factor secret or recovery codes, with both as stored. */
  listWithSecrets(): Promise<Array<{ id: number; secret: string | null; codes: string | null }>> {
    return this.db
      .selectFrom('users')
      .select(['id', 'two_factor_secret as secret', 'two_factor_recovery_codes as codes'])
      .where((eb) => eb.or([eb('two_factor_secret', 'is not', null), eb('two_factor_recovery_codes', 'is not', null)]))
      .orderBy('id')
      .execute();
  }

  /** Replaces both values only if they are still as read: a change made meanwhile wins. */
  async replaceSecrets(
    userId: number,
    expected: { secret: string | null; codes: string | null },
    next: { secret: string | null; codes: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_secret: next.secret, two_factor_recovery_codes: next.codes })
      .where('id', '=', userId)
      .where((eb) =>
        eb.and([
          expected.secret === null
            ? eb('two_factor_secret', 'is', null)
            : eb('two_factor_secret', '=', expected.secret),
          expected.codes === null
            ? eb('two_factor_recovery_codes', 'is', null)
            : eb('two_factor_recovery_codes', '=', expected.codes),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async clear(userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        two_factor_secret: null,
        two_factor_recovery_codes: null,
        two_factor_confirmed_at: null,
        two_factor_last_time_step: null,
        updated_at: at,
      })
      .where('id', '=', userId)
      .execute();
  }
}
