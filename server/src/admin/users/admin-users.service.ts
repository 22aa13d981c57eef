import {
  ADMIN_USERS_CSV_COLUMNS,
  type AdminUserRow,
  type AdminUsersExportQuery,
  type AdminUsersPage,
  type AdminUsersQuery,
  Permission,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import { csvLine } from './csv.ts';
import { presentAdminUsers } from './admin-user.presenter.ts';
import type { AdminUserListRow, AdminUsersRepository, ExportCursor } from './admin-users.repository.ts';

/** Rows read per query of the export. */
export const EXPORT_BATCH = 1000;

export type UsersExport = { filename: string; lines: AsyncIterable<string> };

/** The admin users list and its CSV export (admin area, users; permission users.update). */
export class AdminUsersService {
  private readonly repo: AdminUsersRepository;
  private readonly defaultSpace: () => Promise<number>;
  private readonly isBillingOn: () => Promise<boolean>;
  private readonly clock: Clock;
  constructor(deps: {
    repo: AdminUsersRepository;
    defaultSpace: () => Promise<number>;
    isBillingOn: () => Promise<boolean>;
    clock?: Clock;
  }) {
    this.repo = deps.repo;
    this.defaultSpace = deps.defaultSpace;
    this.isBillingOn = deps.isBillingOn;
    this.clock = deps.clock ?? systemClock;
  }

  async list(actor: Actor, query: AdminUsersQuery): Promise<AdminUsersPage> {
    actor.authorize(Permission.usersUpdate);
    const at = this.clock();
    const { rows, page } = await this.repo.list(await this.applicable(query), at.toISOString());
    return { pagination: { ...page, data: await this.present(rows, at) } };
  }

  /**
   * Every user the filters match, in the list's order, as CSV lines: read 1,000 at a time by
   * keyset, so memory holds one batch however many users there are. The permission is checked
   * here, before the first byte goes out.
   */
  export(actor: Actor, asked: AdminUsersExportQuery): UsersExport {
    actor.authorize(Permission.usersUpdate);
    const at = this.clock();
    const column = asked.orderBy ?? 'created_at';
    const lines = async function* (this: AdminUsersService): AsyncGenerator<string> {
      yield csvLine([...ADMIN_USERS_CSV_COLUMNS]);
      const query = await this.applicable(asked);
      let cursor: ExportCursor | null = null;
      for (;;) {
        const rows = await this.repo.exportBatch(query, at.toISOString(), cursor, EXPORT_BATCH);
        if (!rows.length) return;
        const presented = await this.present(rows, at);
        yield rows.map((row, i) => csvRow(row, presented[i])).join('');
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1];
        cursor = { value: last[column], id: last.id };
      }
    }.call(this);
    return { filename: `users-${at.toISOString().slice(0, 10)}.csv`, lines };
  }

  /** The subscribed filter counts only while billing is on (contracts: AdminUsersQuerySchema). */
  private async applicable<Q extends AdminUsersExportQuery>(query: Q): Promise<Q> {
    if (query.subscribed === undefined || (await this.isBillingOn())) return query;
    return { ...query, subscribed: undefined };
  }

  private present(rows: AdminUserListRow[], at: Date): Promise<AdminUserRow[]> {
    return presentAdminUsers(rows, { repo: this.repo, defaultSpace: this.defaultSpace, at });
  }
}

/** One user as a line of the export, in ADMIN_USERS_CSV_COLUMNS order. */
function csvRow(row: AdminUserListRow, shown: AdminUserRow): string {
  return csvLine([
    row.id,
    row.email,
    row.first_name,
    row.last_name,
    shown.roles.map((r) => r.name).join(', '),
    row.email_verified_at,
    shown.banned_at !== null,
    shown.space_used,
    row.created_at,
    row.last_active_at,
  ]);
}
