import { Permission, type UserSpacePage, type UserSpaceQuery, type UserSpaceRow } from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import { mergeGrants } from '../../auth/roles.repository.ts';
import { allowedSpace, MAX_SPACE } from '../../drive/space.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { SpacePlan, UserSpaceRepository } from './user-space.repository.ts';

const planOf = (plan: SpacePlan | undefined) => (plan ? { id: plan.id, name: plan.name } : null);

/** The figures are a pass over every file; staff see them at most this old. */
const SNAPSHOT_MS = 60_000;

type Snapshot = { rows: UserSpaceRow[]; store: number; trash: number; at: Date };

const SORTERS: Record<NonNullable<UserSpaceQuery['orderBy']>, (r: UserSpaceRow) => number> = {
  used: (r) => r.used,
  percent: (r) => r.percent ?? -1,
  files: (r) => r.files,
  last_upload_at: (r) => (r.last_upload_at ? Date.parse(r.last_upload_at) : 0),
};

/**
 * Users ranked by the space their files take, with their allowance and how full it is (admin area,
 * user space; staff holding admin.access). The figures come from one grouped pass over the files,
 * kept a minute in this process; filters, search, sort and pages then work on that snapshot.
 */
export class UserSpaceService {
  private readonly repo: UserSpaceRepository;
  private readonly settings: Pick<SettingsService, 'get'>;
  private readonly clock: Clock;
  private snapshot: Promise<Snapshot> | undefined;
  constructor(deps: { repo: UserSpaceRepository; settings: Pick<SettingsService, 'get'>; clock?: Clock }) {
    this.repo = deps.repo;
    this.settings = deps.settings;
    this.clock = deps.clock ?? systemClock;
  }

  async list(actor: Actor, query: UserSpaceQuery): Promise<UserSpacePage> {
    actor.authorize(Permission.adminAccess);
    const snap = await this.current();
    const search = query.query?.toLowerCase();
    const rows = snap.rows.filter(
      (r) =>
        (query.over === undefined || (r.percent !== null && r.percent >= query.over)) &&
        (query.planId === undefined || r.plan?.id === query.planId) &&
        (!search || r.email.includes(search) || r.name.toLowerCase().includes(search)),
    );
    const key = SORTERS[query.orderBy ?? 'used'];
    const sign = (query.orderDir ?? 'desc') === 'desc' ? -1 : 1;
    rows.sort((a, b) => sign * (key(a) - key(b)) || a.id - b.id);
    const start = (query.page - 1) * query.perPage;
    return {
      pagination: {
        data: rows.slice(start, start + query.perPage),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(rows.length / query.perPage)),
        per_page: query.perPage,
        total: rows.length,
      },
      totals: {
        store: snap.store,
        live: snap.store - snap.trash,
        trash: snap.trash,
        users: snap.rows.length,
        computed_at: snap.at.toISOString(),
      },
    };
  }

  /** Drops the kept figures (after a change staff expect to see at once, such as an allowance edit). */
  forget(): void {
    this.snapshot = undefined;
  }

  private current(): Promise<Snapshot> {
    const cached = this.snapshot;
    if (cached) {
      return cached.then((snap) => {
        if (this.clock().getTime() - snap.at.getTime() < SNAPSHOT_MS) return snap;
        if (this.snapshot === cached) this.snapshot = undefined;
        return this.current();
      });
    }
    const fresh = this.compute();
    this.snapshot = fresh;
    fresh.catch(() => {
      if (this.snapshot === fresh) this.snapshot = undefined;
    });
    return fresh;
  }

  private async compute(): Promise<Snapshot> {
    const at = this.clock();
    const usage = await this.repo.usageByOwner();
    const ids = usage.map((u) => u.ownerId);
    const [users, grants, plans, freePlan, isBillingOn, defaultSpace] = await Promise.all([
      this.repo.users(ids),
      this.repo.grants(ids),
      this.repo.validPlansOf(ids, at.toISOString()),
      this.repo.freePlan(),
      this.settings.get<boolean>('billing.enable'),
      this.settings.get<number>('drive.default_space_bytes'),
    ]);
    // As SpaceService.limitFor: a valid subscription's plan always, the free plan's space while billing is on.
    const freeSpace = isBillingOn && freePlan ? Number(freePlan.available_space) : null;
    const byId = new Map(users.map((u) => [u.id, u]));
    const rows: UserSpaceRow[] = [];
    let store = 0;
    let trash = 0;
    for (const u of usage) {
      store += u.used;
      trash += u.trash;
      const user = byId.get(u.ownerId);
      if (!user) continue;
      // The actor's own merge of the user's grants, most generous restriction first.
      const [filesCreate] = mergeGrants(grants.spaceGrants.get(user.id) ?? []);
      const plan = plans.get(user.id);
      const allowed = await allowedSpace(
        {
          isAdmin: grants.admins.has(user.id),
          override: user.available_space === null ? null : Number(user.available_space),
          restriction: filesCreate?.restrictions.find((r) => r.name === MAX_SPACE),
          plan: async () => plan?.available_space ?? null,
          freePlan: async () => freeSpace,
        },
        async () => Number(defaultSpace),
      );
      rows.push({
        id: user.id,
        name: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
        email: user.email,
        image: user.image,
        used: u.used,
        trash: u.trash,
        allowed,
        percent: allowed === null ? null : allowed === 0 ? 100 : Math.round((u.used / allowed) * 1000) / 10,
        files: u.files,
        // Their valid subscription's plan, else the free plan.
        plan: planOf(plan ?? freePlan),
        last_upload_at: u.lastUploadAt,
      });
    }
    return { rows, store, trash, at };
  }
}
