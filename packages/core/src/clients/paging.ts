import { ResponseShapeError } from '../contract/errors.ts';
import type { Operation } from '../operations/operation.ts';

/** One page as an iterator sees it: its items, and where the next page starts (undefined: last page). */
export interface PageStep<P, T> {
  items: readonly T[];
  next: P | undefined;
}

/**
 * Yields every item of every page, in order, loading a page only when the previous one is used up.
 * `load(undefined)` loads the first page.
 */
export async function* paginate<P, T>(load: (position: P | undefined) => Promise<PageStep<P, T>>): AsyncGenerator<T> {
  let position: P | undefined;
  do {
    const page = await load(position);
    yield* page.items;
    position = page.next;
  } while (position !== undefined);
}

/** A page that says there is more but gives no way forward would loop for ever; refuse it. */
export function stalled(operation: Operation, path: PropertyKey[], message: string): ResponseShapeError {
  return new ResponseShapeError([{ path, code: 'stalled_paging', message }], operation.method, operation.path);
}

/** One page of a v2 list, as far as paging reads it. */
export interface CursorPage<T> {
  data: readonly T[];
  page: { cursor: string | null; has_more: boolean };
}

/**
 * Every item of a cursor-paged v2 list (`load(undefined)` is the first page), refusing a page that
 * claims more without a new cursor.
 */
export function followCursor<T>(
  operation: Operation,
  load: (cursor: string | undefined) => Promise<CursorPage<T>>,
): AsyncGenerator<T> {
  return paginate<string, T>(async (cursor) => {
    const { data, page } = await load(cursor);
    if (!page.has_more) return { items: data, next: undefined };
    if (!page.cursor || page.cursor === cursor) {
      throw stalled(operation, ['page', 'cursor'], 'must be a new cursor while has_more is true');
    }
    return { items: data, next: page.cursor };
  });
}
