import { BULK_MAX_IDS, PAGE_LIMIT_MAX, PAIN_LEVELS, THREAD_STATES, THREAD_TABS, V2_SCOPES } from '../constants.ts';
import * as s from '../schema/index.ts';
import { nullableDateTime, nullableString, text } from './common.ts';
import { domainSchema } from './fields.ts';
import { stringArray } from './lists.ts';
import { threadRowSchema } from './v2-thread.ts';

/** `GET /me`: the key's workspace, id and scopes. */
export const identitySchema = s.object({
  workspace_id: s.string(),
  api_key_id: s.string(),
  scopes: s.array(s.string()),
});
export type Identity = s.Output<typeof identitySchema>;

export const v2ScopeSchema = s.enum(V2_SCOPES);

/** The page wrapper every v2 list answers with. */
export const pageInfoSchema = s.object({
  cursor: nullableString,
  has_more: s.boolean(),
  limit: s.int(),
});
export type PageInfo = s.Output<typeof pageInfoSchema>;

export const threadPageSchema = s.object({ data: s.array(threadRowSchema), page: pageInfoSchema });
export type ThreadPage = s.Output<typeof threadPageSchema>;

/** Filters of `GET /threads`; they travel on the first request only. */
export const threadFiltersSchema = s.strictObject({
  status: s.optional(s.enum(THREAD_STATES)),
  tab: s.optional(s.enum(THREAD_TABS)),
});
export type ThreadFilters = s.Input<typeof threadFiltersSchema>;

export const pageLimitSchema = s.int().check(s.gte(1), s.lte(PAGE_LIMIT_MAX));

export const listThreadsParamsSchema = s.strictObject({
  ...threadFiltersSchema.shape,
  limit: s.optional(pageLimitSchema),
  /** Opaque token from a previous page; never built by hand. */
  cursor: s.optional(text(1)),
});
export type ListThreadsParams = s.Input<typeof listThreadsParamsSchema>;

export const iterateThreadsParamsSchema = s.strictObject({
  ...threadFiltersSchema.shape,
  limit: s.optional(pageLimitSchema),
});
export type IterateThreadsParams = s.Input<typeof iterateThreadsParamsSchema>;

/** Ids of one bulk call: 1-100 non-empty strings. */
export const bulkIdsSchema = s.array(text(1)).check(s.minLength(1), s.maxLength(BULK_MAX_IDS));

export const bulkUpdateSetSchema = s
  .strictObject({
    state: s.optional(s.enum(THREAD_STATES)),
    pain_level: s.optional(s.enum(PAIN_LEVELS)),
    title: s.optional(s.string()),
    assignee_id: s.optional(nullableString),
    snoozed_until: s.optional(nullableDateTime),
  })
  .check(s.refine((set) => Object.keys(set).length > 0, { message: 'set at least one field' }));
export type BulkUpdateSet = s.Input<typeof bulkUpdateSetSchema>;

export const bulkUpdateInputSchema = s.strictObject({ ids: bulkIdsSchema, set: bulkUpdateSetSchema });
export type BulkUpdateInput = s.Input<typeof bulkUpdateInputSchema>;
export const bulkDeleteInputSchema = s.strictObject({ ids: bulkIdsSchema });
export type BulkDeleteInput = s.Input<typeof bulkDeleteInputSchema>;

/** Answer of both bulk calls: ids done and ids that were not found. */
export const bulkResultSchema = s.object({ data: stringArray, not_found: stringArray });
export type BulkResult = s.Output<typeof bulkResultSchema>;

const nonNegativeInt = s.int().check(s.gte(0));

/** `POST /api/v2/companies` body. */
export const createCompanyInputSchema = s.strictObject({
  name: text(1, 255),
  logo_url: s.optional(s.nullable(s.url())),
  domains: s.optional(s.array(domainSchema)),
  size: s.optional(nonNegativeInt),
  revenue: s.optional(nonNegativeInt),
  external_ids: s.optional(s.array(text(1, 255))),
  status_id: s.optional(nullableString),
  tier_id: s.optional(nullableString),
  owner_id: s.optional(nullableString),
});
export type CreateCompanyInput = s.Input<typeof createCompanyInputSchema>;

/** A company as `POST /api/v2/companies` returns it (snake_case). */
export const v2CompanySchema = s.object({
  id: s.string(),
  name: s.string(),
  logo_url: nullableString,
  domains: stringArray,
  size: s.nullable(s.number()),
  revenue: s.nullable(s.number()),
  status_id: nullableString,
  status_name: nullableString,
  tier_id: nullableString,
  tier_name: nullableString,
  owner: s.nullable(s.looseObject({})),
  external_ids: stringArray,
  created_at: s.string(),
  updated_at: s.string(),
});
export type V2Company = s.Output<typeof v2CompanySchema>;
