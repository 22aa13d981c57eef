import { sql, type SelectQueryBuilder } from 'kysely';

export type PageRequest = { page: number; perPage: number };
export type Page<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number };

/**
 * One page of an admin list and the total it belongs to: the rows query (already filtered and
 * sorted) and a count over the same filters, run together.
 */
export async function pageOf<DB, TB extends keyof DB, Row>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  count: SelectQueryBuilder<DB, TB, { total: number | string | bigint }>,
  request: PageRequest,
): Promise<{ rows: Row[]; page: Omit<Page<never>, 'data'> }> {
  const offset = (request.page - 1) * request.perPage;
  const [data, counted] = await Promise.all([
    rows.limit(request.perPage).offset(offset).execute(),
    count.executeTakeFirst(),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    rows: data,
    page: {
      current_page: request.page,
      last_page: Math.max(1, Math.ceil(total / request.perPage)),
      per_page: request.perPage,
      total,
    },
  };
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
