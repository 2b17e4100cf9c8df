/** The paging of every v2 list: its `limit` and `cursor` parameters and its `{data, page}` answer. */
import * as z from 'zod/mini';
import { PAGE_LIMIT_MAX } from '../constants.ts';
import type { AnySchema } from '../parse.ts';
import { nullableString, text } from './common.ts';

/** The page wrapper every v2 list answers with. */
export const pageInfoSchema = /*@__PURE__*/ z.object({
  cursor: nullableString,
  has_more: /*@__PURE__*/ z.boolean(),
  limit: /*@__PURE__*/ z.int(),
});
export type PageInfo = z.output<typeof pageInfoSchema>;

/** The `{data, page}` answer of a v2 list of `item`. */
export const pageOf = /*@__NO_SIDE_EFFECTS__*/ <T extends AnySchema, P extends AnySchema>(item: T, page: P) =>
  /*@__PURE__*/ z.object({ data: /*@__PURE__*/ z.array(item), page });

export const pageLimitSchema = /*@__PURE__*/ z.int().check(/*@__PURE__*/ z.gte(1), /*@__PURE__*/ z.lte(PAGE_LIMIT_MAX));

/** `limit`: how many items a page holds. */
export const pageLimitParam = /*@__PURE__*/ z.optional(pageLimitSchema);
/** `cursor`: an opaque token from a previous page; never built by hand. */
export const pageCursorParam = /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1));

/** The params of a v2 list with no filter: a page size and a cursor. */
export const pageParamsSchema = /*@__PURE__*/ z.strictObject({ limit: pageLimitParam, cursor: pageCursorParam });
