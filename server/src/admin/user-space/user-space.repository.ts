import { Permission } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import { validSubscriptionAt } from '../valid-subscriptions.ts';

export type OwnerUsage = { ownerId: number; used: number; trash: number; files: number; lastUploadAt: string | null };
export type SpaceHolder = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  available_space: number | null;
};
/** A plan as the screen shows it, with the bytes it grants. */
export type SpacePlan = { id: number; name: string; available_space: number };
/** A files.create grant as stored (restrictions as JSON), for the actor's merge. */
export type SpaceGrant = { id: number; name: string; restrictions: string };

const BATCH = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/** The reads behind the user space screen: usage per owner in one pass, and what sets allowances. */
export class UserSpaceRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** One grouped pass over file_entries: each owner's bytes, trash, files and last upload. */
  async usageByOwner(): Promise<OwnerUsage[]> {
    const rows = await this.db
      .selectFrom('file_entries')
      .where('is_folder', '=', 0)
      .select((eb) => [
        'owner_id',
        eb.fn.sum<number | string>('file_size').as('used'),
        eb.fn
          .sum<number | string>(eb.case().when('deleted_at', 'is not', null).then(eb.ref('file_size')).else(0).end())
          .as('trash'),
        eb.fn.countAll<number | string>().as('files'),
        eb.fn.max('created_at').as('last_upload_at'),
      ])
      .groupBy('owner_id')
      .execute();
    return rows.map((r) => ({
      ownerId: r.owner_id,
      used: Number(r.used ?? 0),
      trash: Number(r.trash ?? 0),
      files: Number(r.files),
      lastUploadAt: r.last_upload_at ?? null,
    }));
  }

  async users(ids: number[]): Promise<SpaceHolder[]> {
    const found: SpaceHolder[] = [];
    for (const batch of chunks(ids))
      found.push(
        ...(await this.db
          .selectFrom('users')
          .select(['id', 'email', 'first_name', 'last_name', 'image', 'available_space'])
          .where('id', 'in', batch)
          .execute()),
      );
    return found;
  }

  /**
   * Per user among `ids`: whether they hold `admin`, and the files.create restrictions their roles
   * and direct grants carry (merged by the caller the way the actor merges them).
   */
  async grants(ids: number[]): Promise<{ admins: Set<number>; spaceGrants: Map<number, SpaceGrant[]> }> {
    const roleGrants = await this.db
      .selectFrom('permission_role')
      .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
      .select(['permission_role.role_id', 'permissions.id', 'permissions.name', 'permission_role.restrictions'])
      .where('permissions.name', 'in', [Permission.admin, Permission.filesCreate])
      .execute();
    const adminRoles = new Set(roleGrants.filter((g) => g.name === Permission.admin).map((g) => g.role_id));
    const roleSpace = new Map(
      roleGrants
        .filter((g) => g.name === Permission.filesCreate)
        .map((g) => [g.role_id, { id: g.id, name: g.name, restrictions: g.restrictions }]),
    );
    const admins = new Set<number>();
    const spaceGrants = new Map<number, SpaceGrant[]>();
    const add = (userId: number, grant: SpaceGrant) => {
      const held = spaceGrants.get(userId) ?? [];
      held.push(grant);
      spaceGrants.set(userId, held);
    };
    for (const batch of chunks(ids)) {
      const memberships = await this.db
        .selectFrom('user_role')
        .select(['user_id', 'role_id'])
        .where('user_id', 'in', batch)
        .execute();
      for (const m of memberships) {
        if (adminRoles.has(m.role_id)) admins.add(m.user_id);
        const space = roleSpace.get(m.role_id);
        if (space) add(m.user_id, space);
      }
      const direct = await this.db
        .selectFrom('permission_user')
        .innerJoin('permissions', 'permissions.id', 'permission_user.permission_id')
        .select(['permission_user.user_id', 'permissions.id', 'permissions.name', 'permission_user.restrictions'])
        .where('permissions.name', 'in', [Permission.admin, Permission.filesCreate])
        .where('permission_user.user_id', 'in', batch)
        .execute();
      for (const d of direct) {
        if (d.name === Permission.admin) admins.add(d.user_id);
        else add(d.user_id, { id: d.id, name: d.name, restrictions: d.restrictions });
      }
    }
    return { admins, spaceGrants };
  }

  /** The free plan: the plan of everyone without a valid subscription. */
  freePlan(): Promise<SpacePlan | undefined> {
    return this.db
      .selectFrom('products')
      .select(['id', 'name', 'available_space'])
      .where('free', '=', 1)
      .executeTakeFirst();
  }

  /**
   * Per user among `ids` holding a valid subscription at `at` (admin/valid-subscriptions.ts), the
   * plan of theirs granting the most space (ties: the lower plan id): one query per thousand users.
   */
  async validPlansOf(ids: number[], at: string): Promise<Map<number, SpacePlan>> {
    const plans = new Map<number, SpacePlan>();
    for (const batch of chunks(ids)) {
      const rows = await this.db
        .selectFrom('subscriptions')
        .innerJoin('products', 'products.id', 'subscriptions.product_id')
        .select(['subscriptions.user_id', 'products.id', 'products.name', 'products.available_space'])
        .where('subscriptions.user_id', 'in', batch)
        .where((eb) => validSubscriptionAt(eb, at))
        .execute();
      for (const { user_id, ...plan } of rows) {
        const held = plans.get(user_id);
        const space = Number(plan.available_space);
        if (!held || space > held.available_space || (space === held.available_space && plan.id < held.id))
          plans.set(user_id, { ...plan, available_space: space });
      }
    }
    return plans;
  }
}
