import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AnySchema, type PageInfo, safeParse } from '@hearken/core';
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import { InvalidInputError } from './errors.ts';

/**
 * Cursor paging of every v2 list: newest first by `(created_at, id)`. A cursor is the last row's
 * position (and the list's filters) as base64url JSON, followed by an HMAC of it under the
 * workspace's secret: clients cannot build or alter one, and a cursor from another workspace does
 * not verify.
 */

/** Where a page starts: after the row at this creation time and id. */
export interface Position {
  at: string;
  id: string;
}

/** A list request once its cursor is opened: how many rows, after which, filtered how. */
export interface PageRequest<F> {
  limit: number;
  after: Position | undefined;
  filters: F;
}

/** The list's checked query: `limit` (core's schema defaults and caps it) and `cursor`, beside the list's own filters. */
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest().subarray(0, 18).toString('base64url');

const badCursor = () =>
  new InvalidInputError([{ path: 'cursor', message: 'is malformed or was altered' }], 'Invalid cursor');

function signCursor(secret: string, value: object): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

function openCursor(secret: string, token: string): unknown {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw badCursor();
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badCursor();
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
}

const positionShape = {
  at: z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/, 'must be an ISO 8601 UTC date-time')),
  id: z.string(),
};
const positionSchema = z.strictObject(positionShape);

/** Signs and opens one list's cursors with the workspace's secret. */
export interface Pager<F> {
  /** The request a query makes: a cursor's filters apply, any sent beside it are ignored. */
  open(query: PageQuery, filters: F): PageRequest<F>;
  /** `{data, page}` from up to `limit + 1` rows, the cursor naming the last row shown. */
  page<R, T>(
    request: PageRequest<F>,
    rows: R[],
    position: (row: R) => { at: Date; id: string },
    show: (row: R) => T,
  ): { data: T[]; page: PageInfo };
}

/**
 * A pager under `secret`; with `filtersSchema`, cursors carry the filters of the first request,
 * so every later page lists the same set.
 */
export function pager<F extends object = Record<never, never>>(secret: string, filtersSchema?: AnySchema): Pager<F> {
  const cursorSchema = filtersSchema ? z.strictObject({ ...positionShape, filters: filtersSchema }) : positionSchema;
  return {
    open(query, filters) {
      const { limit } = query;
      if (query.cursor === undefined) return { limit, after: undefined, filters };
      const parsed = safeParse(cursorSchema, openCursor(secret, query.cursor));
      if (!parsed.success) throw badCursor();
      const { at, id, filters: carried } = parsed.data as Position & { filters?: F };
      return { limit, after: { at, id }, filters: carried ?? filters };
    },
    page(request, rows, position, show) {
      const hasMore = rows.length > request.limit;
      const shown = rows.slice(0, request.limit);
      const last = shown.at(-1);
      const lastAt = last && position(last);
      const cursor =
        hasMore && lastAt
          ? signCursor(secret, {
              at: lastAt.at.toISOString(),
              id: lastAt.id,
              ...(filtersSchema ? { filters: definedOnly(request.filters) } : {}),
            })
          : null;
      return { data: shown.map(show), page: { cursor, has_more: hasMore, limit: request.limit } };
    },
  };
}

const definedOnly = (value: object): object =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));

/**
 * The rows of one page: `conditions`, then newest first by the table's `(created_at, id)` after
 * the request's position, one more than the page shows so that `page` can tell whether more follow.
 */
function pageRows<Q extends PgSelect>(
  query: Q,
  table: { createdAt: PgColumn; id: PgColumn },
  request: PageRequest<unknown>,
  ...conditions: (SQL | undefined)[]
): Q {
  const { after } = request;
  return query
    .where(
      and(
        ...conditions,
        after ? sql`(${table.createdAt}, ${table.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(request.limit + 1);
}

/** A row as a list's select returns it. */
type SelectedRow<Q extends PgSelect> = Awaited<Q>[number];

/** What one list reads: its select, the table that orders it, and how its rows show. */
export interface ListSource<F, Q extends PgSelect, T> {
  select: Q;
  /** The table whose `(created_at, id)` orders the list and its cursors. */
  table: { createdAt: PgColumn; id: PgColumn };
  /** The conditions under the request's filters (a cursor's, once there is one). */
  where: (filters: F) => (SQL | undefined)[];
  /** The row of `table` within a selected row. */
  tableRow: (row: SelectedRow<Q>) => { createdAt: Date; id: string };
  show: (row: SelectedRow<Q>) => T;
}

/** One page of a list: the query's cursor opened under `pages`, its rows read, `{data, page}` returned. */
export async function listPage<F extends object, Q extends PgSelect, T>(
  pages: Pager<F>,
  query: PageQuery,
  filters: F,
  source: ListSource<F, Q, T>,
): Promise<{ data: T[]; page: PageInfo }> {
  const request = pages.open(query, filters);
  const rows: SelectedRow<Q>[] = await pageRows(source.select, source.table, request, ...source.where(request.filters));
  return pages.page(
    request,
    rows,
    (row) => {
      const { createdAt, id } = source.tableRow(row);
      return { at: createdAt, id };
    },
    source.show,
  );
}
