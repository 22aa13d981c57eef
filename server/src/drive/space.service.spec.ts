import { Permission } from '@kosh/contracts';
import { describe, expect, it } from 'vitest';
import { Actor, type Restriction } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { FakeFileEntries } from '../testing/fakes/file-entries.fake.ts';
import { entryRow } from '../testing/fakes/rows.ts';
import { FakeSettings } from '../testing/fakes/settings.fake.ts';
import { FakeSpaceReservations } from '../testing/fakes/space-reservations.fake.ts';
import { nullDatabase } from '../testing/null-database.ts';
import { TestClock } from '../testing/test-clock.ts';
import { SpaceService } from './space.service.ts';

const HOUR = 3600_000;
const DEFAULT_LIMIT = 1000;
const NO_SPACE = expect.stringMatching(/^You have exhausted your allowed space/);

/** User 1, holding files.create with the given restrictions. */
const userWith = (restrictions: Restriction[] = []) =>
  new Actor({ id: 1, email: 'u@x.test' }, [2], [{ id: 10, name: Permission.filesCreate, restrictions }]);
const admin = new Actor({ id: 1, email: 'a@x.test' }, [1], [{ id: 1, name: Permission.admin, restrictions: [] }]);

function setUp(usedBytes = 0) {
  const clock = new TestClock();
  const entries = new FakeFileEntries(usedBytes ? [entryRow({ id: 1, owner_id: 1, file_size: usedBytes })] : []);
  const reservations = new FakeSpaceReservations();
  const settings = new FakeSettings({ 'drive.default_space_bytes': DEFAULT_LIMIT });
  const locked: number[] = [];
  const writer = {
    lockOwner: async (_trx: Database, ownerId: number) => {
      locked.push(ownerId);
    },
  };
  const sut = new SpaceService({
    entries,
    settings,
    reservations,
    db: nullDatabase(),
    dialect: 'sqlite',
    writer,
    clock: clock.now,
  });
  const reserveNow = (bytes: number) =>
    reservations.insert({ user_id: 1, bytes, expires_at: clock.iso(HOUR), created_at: clock.iso() });
  return { sut, clock, entries, reservations, settings, locked, reserveNow };
}

describe('SpaceService', () => {
  describe('limitFor', () => {
    it("takes the max_space_bytes restriction of the user's role over the default", async () => {
      const { sut } = setUp();
      await expect(sut.limitFor(userWith([{ name: 'max_space_bytes', value: 5000 }]))).resolves.toBe(5000);
    });

    it('reads a null restriction as no limit', async () => {
      const { sut } = setUp();
      await expect(sut.limitFor(userWith([{ name: 'max_space_bytes', value: null }]))).resolves.toBeNull();
    });

    it('falls back to the drive.default_space_bytes setting without a restriction', async () => {
      const { sut } = setUp();
      await expect(sut.limitFor(userWith([{ name: 'max_files', value: 3 }]))).resolves.toBe(DEFAULT_LIMIT);
    });

    it('does not limit admins', async () => {
      const { sut } = setUp();
      await expect(sut.limitFor(admin)).resolves.toBeNull();
    });

    it("takes the staff-set allowance over the roles' restriction and the default", async () => {
      const { sut } = setUp();
      const capped = new Actor(
        { id: 1, email: 'u@x.test' },
        [2],
        [{ id: 10, name: Permission.filesCreate, restrictions: [{ name: 'max_space_bytes', value: null }] }],
        { availableSpace: 700 },
      );
      await expect(sut.limitFor(capped)).resolves.toBe(700);
      const bare = new Actor({ id: 1, email: 'u@x.test' }, [2], [], { availableSpace: 0 });
      await expect(sut.limitFor(bare)).resolves.toBe(0);
    });

    it('keeps an admin unlimited whatever allowance staff set', async () => {
      const { sut } = setUp();
      const capped = new Actor({ id: 1, email: 'a@x.test' }, [1], [...admin.permissions.values()], {
        availableSpace: 5,
      });
      await expect(sut.limitFor(capped)).resolves.toBeNull();
    });
  });

  describe('usage', () => {
    it('answers the bytes used, without reservations, beside the limit', async () => {
      const { sut, reserveNow } = setUp(300);
      await reserveNow(200);
      await expect(sut.usage(userWith())).resolves.toEqual({ used: 300, available: DEFAULT_LIMIT });
    });
  });

  describe('remaining', () => {
    it('deducts what is used and what uploads in flight reserved', async () => {
      const { sut, reserveNow } = setUp(300);
      await reserveNow(200);
      await expect(sut.remaining(userWith())).resolves.toBe(500);
    });

    it('no longer deducts a reservation once the clock passes its expiry', async () => {
      const { sut, clock, reserveNow } = setUp(300);
      await reserveNow(200);
      clock.advance(HOUR);
      await expect(sut.remaining(userWith())).resolves.toBe(700);
    });

    it('never answers less than zero', async () => {
      const { sut } = setUp(DEFAULT_LIMIT + 50);
      await expect(sut.remaining(userWith())).resolves.toBe(0);
    });

    it('answers null without a limit', async () => {
      const { sut } = setUp(300);
      await expect(sut.remaining(admin)).resolves.toBeNull();
    });
  });

  describe('assertFits', () => {
    it('accepts bytes that fill the space exactly', async () => {
      const { sut, reserveNow } = setUp(300);
      await reserveNow(200);
      await expect(sut.assertFits(userWith(), 500)).resolves.toBeUndefined();
    });

    it('refuses with 413 when used + reserved + bytes pass the limit', async () => {
      const { sut, reserveNow } = setUp(300);
      await reserveNow(200);
      await expect(sut.assertFits(userWith(), 501)).rejects.toMatchObject({ status: 413, message: NO_SPACE });
    });

    it('does not count the reservation the caller is turning into an entry', async () => {
      const { sut, reserveNow } = setUp(300);
      const own = await reserveNow(700);
      await expect(sut.assertFitsUnder(DEFAULT_LIMIT, 1, 700, undefined, own)).resolves.toBeUndefined();
      await expect(sut.assertFitsUnder(DEFAULT_LIMIT, 1, 700)).rejects.toMatchObject({ status: 413 });
    });
  });

  describe('reserve', () => {
    it("writes the reservation under the owner's lock, created now and expiring when asked", async () => {
      const { sut, clock, reservations, locked } = setUp(300);
      const { reservation } = await sut.reserve(userWith(), 400, { expiresAt: new Date(clock.now().getTime() + HOUR) });
      expect(reservation.bytes).toBe(400);
      expect(locked).toEqual([1]);
      expect(reservations.rows).toEqual([
        { id: reservation.id, user_id: 1, bytes: 400, expires_at: clock.iso(HOUR), created_at: clock.iso() },
      ]);
    });

    it('refuses bytes that do not fit and writes nothing', async () => {
      const { sut, clock, reservations, reserveNow } = setUp(300);
      await reserveNow(600);
      await expect(sut.reserve(userWith(), 101, { expiresAt: clock.now() })).rejects.toMatchObject({ status: 413 });
      expect(reservations.rows).toHaveLength(1);
    });

    it('with upTo, reserves what is free when less was declared than fits', async () => {
      const { sut, clock } = setUp(300);
      const { reservation } = await sut.reserve(userWith(), 5000, { expiresAt: clock.now(), upTo: true });
      expect(reservation.bytes).toBe(700);
    });

    it('with upTo, still refuses when nothing is free', async () => {
      const { sut, clock } = setUp(DEFAULT_LIMIT);
      await expect(sut.reserve(userWith(), 10, { expiresAt: clock.now(), upTo: true })).rejects.toMatchObject({
        status: 413,
      });
    });

    it('grants everything asked without a limit', async () => {
      const { sut, clock } = setUp(DEFAULT_LIMIT * 10);
      const { reservation } = await sut.reserve(admin, 5000, { expiresAt: clock.now() });
      expect(reservation.bytes).toBe(5000);
    });

    it('runs the work with the reservation and answers its result', async () => {
      const { sut, clock } = setUp();
      const { reservation, result } = await sut.reserve(userWith(), 10, {
        expiresAt: clock.now(),
        work: async (_trx, r) => `upload holding ${r.id}`,
      });
      expect(result).toBe(`upload holding ${reservation.id}`);
    });
  });

  describe('release and renew', () => {
    it('gives the reserved space back', async () => {
      const { sut, reservations, reserveNow } = setUp();
      const id = await reserveNow(100);
      await sut.release(id);
      expect(reservations.rows).toEqual([]);
    });

    it('moves the expiry of a reservation', async () => {
      const { sut, clock, reservations, reserveNow } = setUp();
      const id = await reserveNow(100);
      await sut.renew(id, new Date(clock.now().getTime() + 2 * HOUR));
      expect(reservations.rows[0].expires_at).toBe(clock.iso(2 * HOUR));
    });
  });
});
