import type * as z from 'zod/mini';
import type { AnySchema } from '../contract/parse.ts';
import { validateInput } from '../contract/validate.ts';
import type { Operation, OperationOutput } from '../operations/operation.ts';
import type { CallOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { type CursorPage, followCursor } from './paging.ts';

/** The item type of a cursor-paged list's page. */
type ItemOf<Page> = Page extends CursorPage<infer T> ? T : never;

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
) {
  const page = (params: unknown, options: CallOptions | undefined) =>
    call(operation, { query: validateInput(listSchema, params) }, options);

  return {
    list: async (params?: z.input<L>, options?: CallOptions) => page(params ?? {}, options),
    async *iterate(params?: z.input<I>, options?: CallOptions): AsyncGenerator<ItemOf<OperationOutput<O>>> {
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
