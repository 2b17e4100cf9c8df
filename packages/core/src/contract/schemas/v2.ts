import * as z from 'zod/mini';
import { BULK_MAX_IDS, PAGE_LIMIT_MAX, PAIN_LEVELS, THREAD_STATES, THREAD_TABS, V2_SCOPES } from '../constants.ts';
import { nullableDateTime, nullableString, text } from './common.ts';
import { domainSchema } from './fields.ts';
import { stringArray } from './lists.ts';
import { threadRowSchema } from './v2-thread.ts';

/** `GET /me`: the key's workspace, id and scopes. */
export const identitySchema = z.object({
  workspace_id: z.string(),
  api_key_id: z.string(),
  scopes: z.array(z.string()),
});
export type Identity = z.output<typeof identitySchema>;

export const v2ScopeSchema = z.enum(V2_SCOPES);

/** The page wrapper every v2 list answers with. */
export const pageInfoSchema = z.object({
  cursor: nullableString,
  has_more: z.boolean(),
  limit: z.int(),
});
export type PageInfo = z.output<typeof pageInfoSchema>;

export const threadPageSchema = z.object({ data: z.array(threadRowSchema), page: pageInfoSchema });
export type ThreadPage = z.output<typeof threadPageSchema>;

/** Filters of `GET /threads`; they travel on the first request only. */
export const threadFiltersSchema = z.strictObject({
  status: z.optional(z.enum(THREAD_STATES)),
  tab: z.optional(z.enum(THREAD_TABS)),
});
export type ThreadFilters = z.input<typeof threadFiltersSchema>;

export const pageLimitSchema = z.int().check(z.gte(1), z.lte(PAGE_LIMIT_MAX));

export const listThreadsParamsSchema = z.strictObject({
  ...threadFiltersSchema.shape,
  limit: z.optional(pageLimitSchema),
  /** Opaque token from a previous page; never built by hand. */
  cursor: z.optional(text(1)),
});
export type ListThreadsParams = z.input<typeof listThreadsParamsSchema>;

export const iterateThreadsParamsSchema = z.strictObject({
  ...threadFiltersSchema.shape,
  limit: z.optional(pageLimitSchema),
});
export type IterateThreadsParams = z.input<typeof iterateThreadsParamsSchema>;

/** Ids of one bulk call: 1-100 non-empty strings. */
export const bulkIdsSchema = z.array(text(1)).check(z.minLength(1), z.maxLength(BULK_MAX_IDS));

export const bulkUpdateSetSchema = z
  .strictObject({
    state: z.optional(z.enum(THREAD_STATES)),
    pain_level: z.optional(z.enum(PAIN_LEVELS)),
    title: z.optional(z.string()),
    assignee_id: z.optional(z.nullable(text(1))),
    snoozed_until: z.optional(nullableDateTime),
  })
  .check(z.refine((set: object) => Object.keys(set).length > 0, { error: 'set at least one field' }));
export type BulkUpdateSet = z.input<typeof bulkUpdateSetSchema>;

export const bulkUpdateInputSchema = z.strictObject({ ids: bulkIdsSchema, set: bulkUpdateSetSchema });
export type BulkUpdateInput = z.input<typeof bulkUpdateInputSchema>;
export const bulkDeleteInputSchema = z.strictObject({ ids: bulkIdsSchema });
export type BulkDeleteInput = z.input<typeof bulkDeleteInputSchema>;

/** Answer of both bulk calls: ids done and ids that were not found. */
export const bulkResultSchema = z.object({ data: stringArray, not_found: stringArray });
export type BulkResult = z.output<typeof bulkResultSchema>;

const nonNegativeInt = z.int().check(z.gte(0));

/** `POST /api/v2/companies` body. */
export const createCompanyInputSchema = z.strictObject({
  name: text(1, 255),
  logo_url: z.optional(z.nullable(z.url())),
  domains: z.optional(z.array(domainSchema)),
  size: z.optional(nonNegativeInt),
  revenue: z.optional(nonNegativeInt),
  external_ids: z.optional(z.array(text(1, 255))),
  /** Ids from the tracker options and of a member; `null` gives none (an empty id names nothing). */
  status_id: z.optional(z.nullable(text(1))),
  tier_id: z.optional(z.nullable(text(1))),
  owner_id: z.optional(z.nullable(text(1))),
});
export type CreateCompanyInput = z.input<typeof createCompanyInputSchema>;

/** A company as `POST /api/v2/companies` returns it (snake_case). */
export const v2CompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: nullableString,
  domains: stringArray,
  size: z.nullable(z.number()),
  revenue: z.nullable(z.number()),
  status_id: nullableString,
  status_name: nullableString,
  tier_id: nullableString,
  tier_name: nullableString,
  owner: z.nullable(z.looseObject({})),
  external_ids: stringArray,
  created_at: z.string(),
  updated_at: z.string(),
});
export type V2Company = z.output<typeof v2CompanySchema>;
