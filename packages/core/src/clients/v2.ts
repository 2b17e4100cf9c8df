import * as z from 'zod/mini';
import { BULK_MAX_IDS } from '../contract/constants.ts';
import { idSchema } from '../contract/schemas/common.ts';
import {
  type BulkResult,
  type BulkUpdateSet,
  bulkResultSchema,
  bulkUpdateSetSchema,
  type CreateCompanyInput,
  createCompanyInputSchema,
  type Identity,
  type IterateThreadsParams,
  identitySchema,
  iterateThreadsParamsSchema,
  type ListThreadsParams,
  listThreadsParamsSchema,
  type ThreadPage,
  threadPageSchema,
  type V2Company,
  v2CompanySchema,
} from '../contract/schemas/v2.ts';
import { type ThreadRow, threadRowSchema } from '../contract/schemas/v2-thread.ts';
import { validateInput } from '../contract/validate.ts';
import type { CallOptions, IdempotentCallOptions } from '../transport/options.ts';
import { type Call, segment } from './call.ts';
import { paginate, stalled } from './paging.ts';
import { createV2Connection, type V2ClientOptions } from './v2-connection.ts';
import { type CreateThread, createThread } from './v2-create-thread.ts';
import { createV2WebhooksClient, type V2WebhooksClient } from './v2-webhooks.ts';

/** The v2 API (`/api/v2`, snake_case bodies, cursor paging, the error envelope), or the key proxy. */
export interface V2Client {
  /** The key's workspace, id and scopes; any valid key may ask. */
  me(options?: CallOptions): Promise<Identity>;
  threads: {
    /**
     * One page, newest first (`limit` 1-200, default 50); pass `page.cursor` back as `cursor` for the
     * next, while `page.has_more`. Filters (`status`, `tab`) count on the first page only.
     */
    list(params?: ListThreadsParams, options?: CallOptions): Promise<ThreadPage>;
    /** Every thread matching the filters, page after page, each exactly once. */
    iterate(params?: IterateThreadsParams, options?: CallOptions): AsyncIterable<ThreadRow>;
    /** One thread, the row as lists give it. */
    get(id: string, options?: CallOptions): Promise<ThreadRow>;
    /** Creates a thread. Every call gets its own Idempotency-Key (unless one is given), kept across retries. */
    create: CreateThread;
    /**
     * Sets the fields of `set` on every thread of `ids`: any number of ids (duplicates dropped), sent
     * 100 per call, one call after another; the answers are merged (`data` done, `not_found`).
     */
    bulkUpdate(ids: readonly string[], set: BulkUpdateSet, options?: CallOptions): Promise<BulkResult>;
    /** Deletes every thread of `ids`, 100 per call like `bulkUpdate`. */
    bulkDelete(ids: readonly string[], options?: CallOptions): Promise<BulkResult>;
  };
  companies: {
    /** Sent with an Idempotency-Key (a new one unless given), so a retry never creates it twice. */
    create(input: CreateCompanyInput, options?: IdempotentCallOptions): Promise<V2Company>;
  };
  /** Webhook endpoints and their deliveries (the `admin` scope). */
  webhooks: V2WebhooksClient;
}

const bulkIdListSchema = z.array(idSchema).check(z.minLength(1));

/** Client for the v2 API, or for the key proxy that exposes part of it to browsers. */
export function createV2Client(options: V2ClientOptions): V2Client {
  const call = createV2Connection(options);

  const list = async (params: ListThreadsParams = {}, callOptions?: CallOptions) =>
    call(
      { method: 'GET', path: '/api/v2/threads', query: validateInput(listThreadsParamsSchema, params) },
      threadPageSchema,
      callOptions,
    );

  async function* iterate(params: IterateThreadsParams = {}, callOptions?: CallOptions): AsyncGenerator<ThreadRow> {
    const { limit, ...filters } = validateInput(iterateThreadsParamsSchema, params);
    yield* paginate<string, ThreadRow>(async (cursor) => {
      // Filters go with the first request only; after that the cursor carries them.
      const { data, page } = await list(cursor ? { cursor, limit } : { ...filters, limit }, callOptions);
      if (!page.has_more) return { items: data, next: undefined };
      if (!page.cursor || page.cursor === cursor) {
        throw stalled('GET', '/api/v2/threads', ['page', 'cursor'], 'must be a new cursor while has_more is true');
      }
      return { items: data, next: page.cursor };
    });
  }

  return {
    me: async (callOptions) => call({ method: 'GET', path: '/api/v2/me' }, identitySchema, callOptions),
    threads: {
      list,
      iterate,
      get: async (id, callOptions) =>
        call(
          { method: 'GET', path: `/api/v2/threads/${segment(validateInput(idSchema, id, 'id'))}` },
          threadRowSchema,
          callOptions,
        ),
      create: (input, callOptions) => createThread(call, input, callOptions),
      bulkUpdate: async (ids, set, callOptions) =>
        bulk(call, 'bulk-update', ids, { set: validateInput(bulkUpdateSetSchema, set, 'set') }, callOptions),
      bulkDelete: async (ids, callOptions) => bulk(call, 'bulk-delete', ids, {}, callOptions),
    },
    companies: {
      create: async (input, callOptions) =>
        call(
          { method: 'POST', path: '/api/v2/companies', body: validateInput(createCompanyInputSchema, input) },
          v2CompanySchema,
          callOptions,
        ),
    },
    webhooks: createV2WebhooksClient(call),
  };
}

/**
 * Bulk calls of at most 100 distinct ids each, in order. Each chunk carries its own Idempotency-Key, so
 * a retry cannot apply it twice. If a chunk fails, the earlier ones stay applied; calling again
 * with the same ids is safe (bulk updates repeat harmlessly, deleted ids come back as not_found).
 */
async function bulk(
  call: Call,
  action: 'bulk-update' | 'bulk-delete',
  ids: readonly string[],
  extra: Record<string, unknown>,
  options: CallOptions | undefined,
): Promise<BulkResult> {
  const unique = [...new Set(validateInput(bulkIdListSchema, ids, 'ids'))];
  const result: BulkResult = { data: [], not_found: [] };
  for (let start = 0; start < unique.length; start += BULK_MAX_IDS) {
    const chunk = await call(
      {
        method: 'POST',
        path: `/api/v2/threads/${action}`,
        body: { ids: unique.slice(start, start + BULK_MAX_IDS), ...extra },
      },
      bulkResultSchema,
      // Each chunk its own new key: one key for two payloads would be refused as reused.
      { ...options, idempotencyKey: undefined },
    );
    result.data.push(...chunk.data);
    result.not_found.push(...chunk.not_found);
  }
  return result;
}
