import type * as z from 'zod/mini';
import type { AnySchema } from '../contract/parse.ts';
import { validateInput } from '../contract/validate.ts';
import type { Operation, OperationOutput } from '../operations/operation.ts';
import type { CallOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { type CursorPage, followCursor } from './paging.ts';

/** The item type of a cursor-paged list's page. */
type ItemOf<Page> = Page extends CursorPage<infer T> ? T : never;

/** The reads of a cursor-paged v2 list, in its part of the client; its filters are the list's own. */
export interface CursorReads<Item, Page, ListParams, IterateParams> {
  /**
   * One page, newest first (`limit` 1-200, default 50); pass `page.cursor` back as `cursor` for the
   * next, while `page.has_more`. Filters count on the first page only.
   */
  list(params?: ListParams, options?: CallOptions): Promise<Page>;
  /** Every item matching the filters, page after page, each exactly once. */
  iterate(params?: IterateParams, options?: CallOptions): AsyncIterable<Item>;
}

/**
 * `list` and `iterate` of a cursor-paged v2 list (threads, issues, changelogs), over its list
 * operation and the schemas of the two kinds of params: `list` checks its params and sends them;
 * `iterate` checks its own and sends the filters with the first request only, after which the
 * cursor carries them.
 */
export function cursorReads<O extends Operation, L extends AnySchema, I extends AnySchema>(
  call: Call,
  operation: O,
  listSchema: L,
  iterateSchema: I,
): CursorReads<ItemOf<OperationOutput<O>>, OperationOutput<O>, z.input<L>, z.input<I>> {
  const page = (params: unknown, options: CallOptions | undefined) =>
    call(operation, { query: validateInput(listSchema, params) }, options);

  return {
    list: async (params, options) => page(params ?? {}, options),
    async *iterate(params, options) {
      const { limit, ...filters } = validateInput(iterateSchema, params ?? {}) as { limit?: number };
      // The operation's output schema has checked each page: it is a cursor page of its items.
      yield* followCursor(
        operation,
        (cursor) =>
          page(cursor ? { cursor, limit } : { ...filters, limit }, options) as Promise<
            CursorPage<ItemOf<OperationOutput<O>>>
          >,
      );
    },
  };
}
