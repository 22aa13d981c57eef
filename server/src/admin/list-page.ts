import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

export type PageRequest = { page: number; perPage: number };
export type Page<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_estimated?: boolean;
};
/** A total counted exactly, or the database's estimate of it. */
export type Total = { total: number; estimated?: boolean };

/**
 * One page of an admin list and the total it belongs to: the rows query (already filtered and
 * sorted) and a count over the same filters, run together.
 */
export async function pageOf<DB, TB extends keyof DB, Row>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  count: SelectQueryBuilder<DB, TB, { total: number | string | bigint }> | (() => Promise<Total>),
  request: PageRequest,
): Promise<{ rows: Row[]; page: Omit<Page<never>, 'data'> }> {
  const offset = (request.page - 1) * request.perPage;
  const counting =
    typeof count === 'function'
      ? count()
      : count.executeTakeFirst().then((row): Total => ({ total: Number(row?.total ?? 0) }));
  const [data, { total, estimated }] = await Promise.all([
    rows.limit(request.perPage).offset(offset).execute(),
    counting,
  ]);
  return {
    rows: data,
    page: {
      current_page: request.page,
      last_page: Math.max(1, Math.ceil(total / request.perPage)),
      per_page: request.perPage,
      total,
      ...(estimated ? { total_estimated: true } : {}),
    },
  };
}

/** Below this many rows an exact count is cheap enough on PostgreSQL to always make. */
export const ESTIMATE_FROM_ROWS = 100_000;

/**
 * PostgreSQL's own estimate of a table's rows (pg_class.reltuples, kept by autovacuum's analyze
 * within about a tenth), when there are at least ESTIMATE_FROM_ROWS of them: counting a million
 * rows exactly reads them all (200 ms and more), for a figure no one reads to the last digit.
 * Null on SQLite, whose count reads its smallest index quickly, and on a table never analysed.
 */
export async function estimatedRows<DB>(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', table: string) {
  if (dialect !== 'postgres') return null;
  const { rows } = await sql<{ rows: number | string | null }>`
    select reltuples::bigint as rows from pg_class where oid = to_regclass(${table})`.execute(db);
  const estimate = Number(rows[0]?.rows ?? -1);
  return estimate >= ESTIMATE_FROM_ROWS ? estimate : null;
}

/** A LIKE pattern that finds the text anywhere, with the wildcards in it taken literally (ESCAPE '\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The column holds the text anywhere, in any case; wildcards in the text are literal on both dialects. */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;

/** The first instant of a calendar date, and the first instant after it (for inclusive "to" dates). */
export const startOfDay = (date: string) => `${date}T00:00:00.000Z`;
export const endOfDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/** A JSON column read back; text that is not JSON (a clipped value) comes back as the text. */
export function storedJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
