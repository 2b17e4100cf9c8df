import * as z from 'zod/mini';
import { BULK_MAX_IDS } from '../contract/constants.ts';
import { idSchema } from '../contract/schemas/common.ts';
import type { CreateThreadInput, V2Thread } from '../contract/schemas/v2.ts';
import {
  type BulkResult,
  type BulkUpdateSet,
  type CreateCompanyInput,
  type Identity,
  type IterateThreadsParams,
  iterateThreadsParamsSchema,
  type ListThreadsParams,
  listThreadsParamsSchema,
  type ThreadPage,
  type V2Company,
} from '../contract/schemas/v2.ts';
import { type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import * as operations from '../operations/v2.ts';
import { checkClientOptions } from '../transport/check-options.ts';
import { createTransport } from '../transport/http.ts';
import type { CallOptions, IdempotentCallOptions, TransportOptions } from '../transport/options.ts';
import { type Call, checkV2Key, createCall } from './call.ts';
import { cursorReads } from './cursor-reads.ts';
import { createV2ChangelogsClient, type V2ChangelogsClient } from './v2-changelogs.ts';
import { createV2IssuesClient, type V2IssuesClient } from './v2-issues.ts';
import { createV2MessagesClient, type V2MessagesClient } from './v2-messages.ts';
import { createV2WebhooksClient, type V2WebhooksClient } from './v2-webhooks.ts';

export interface V2ClientOptions extends TransportOptions, ResponseValidationOptions {
  /**
   * A v2 key (`cfs_v2_...`), sent as `Authorization: Bearer`. Optional: a browser talks to the key
   * proxy without one (and may send its own `headers`, e.g. an identity token).
   */
  apiKey?: string | undefined;
}

/**
 * One v2 connection: base URL, key, headers, retries, rate-limit pacing and response validation,
 * shared by every call made over it. The v2 client holds one; the v2 operation functions
 * ({@link createThread}) take one as their first argument.
 */
export type V2Connection = Call;

/** Opens a v2 connection: the key's prefix is checked, and the key is sent as a bearer token after `headers`. */
export function createV2Connection(options: V2ClientOptions): V2Connection {
  checkClientOptions(options);
  checkV2Key(options.apiKey);
  const headers = { ...options.headers, ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  return createCall(createTransport({ ...options, headers }), options);
}

/** `threads.create` of the v2 client. */
export type CreateThread = (input: CreateThreadInput, options?: IdempotentCallOptions) => Promise<V2Thread>;

/**
 * `POST /api/v2/threads` over `connection`: the v2 client's `threads.create`, for code that makes
 * no other v2 call (a page sending feedback through the key proxy, which forwards only this one).
 * Bad input rejects with `RequestValidationError` naming the field, and nothing is sent; each call
 * gets its own Idempotency-Key unless `options.idempotencyKey` gives one, kept across its retries.
 */
export async function createThread(
  connection: V2Connection,
  input: CreateThreadInput,
  options?: IdempotentCallOptions,
): Promise<V2Thread> {
  return connection(operations.v2CreateThreadOperation, { body: input }, options);
}

/** The v2 API (`/api/v2`, snake_case bodies, cursor paging, the error envelope), or the key proxy. */
export interface V2Client {
  /** The key's workspace, id and scopes; any valid key may ask. */
  me(options?: CallOptions): Promise<Identity>;
  threads: {
    /**
     * One page, newest first (`limit` 1-200, default 50); pass `page.cursor` back as `cursor` for the
     * next, while `page.has_more`. Filters (`status`, `tab`, `moderation`, `contact_email`) count on the first page only.
     */
    list(params?: ListThreadsParams, options?: CallOptions): Promise<ThreadPage>;
    /** Every thread matching the filters, page after page, each exactly once. */
    iterate(params?: IterateThreadsParams, options?: CallOptions): AsyncIterable<V2Thread>;
    /** One thread, the row as lists give it. */
    get(id: string, options?: CallOptions): Promise<V2Thread>;
    /** Creates a thread. Every call gets its own Idempotency-Key (unless one is given), kept across retries. */
    create: CreateThread;
    /**
     * Sets the fields of `set` on every thread of `ids`: any number of ids (duplicates dropped), sent
     * 100 per call, one call after another; the answers are merged (`data` done, `not_found`).
     */
    bulkUpdate(ids: readonly string[], set: BulkUpdateSet, options?: CallOptions): Promise<BulkResult>;
    /** Releases held threads into the default lists: `bulkUpdate(ids, { moderation: 'clear' })`. */
    release(ids: readonly string[], options?: CallOptions): Promise<BulkResult>;
    /** Holds threads (out of default lists and upvote counts): `bulkUpdate(ids, { moderation: 'held' })`. */
    hold(ids: readonly string[], options?: CallOptions): Promise<BulkResult>;
    /** Deletes every thread of `ids`, 100 per call like `bulkUpdate`. */
    bulkDelete(ids: readonly string[], options?: CallOptions): Promise<BulkResult>;
  };
  companies: {
    /** Sent with an Idempotency-Key (a new one unless given), so a retry never creates it twice. */
    create(input: CreateCompanyInput, options?: IdempotentCallOptions): Promise<V2Company>;
  };
  /** Messages of threads and their attachments (`messages:write`, `threads:read`). */
  messages: V2MessagesClient;
  /** Changelog entries (`changelogs:read`, `changelogs:write`). */
  changelogs: V2ChangelogsClient;
  /** Issues (`issues:read`, `issues:write`). */
  issues: V2IssuesClient;
  /** Webhook endpoints and their deliveries (the `admin` scope). */
  webhooks: V2WebhooksClient;
}

const bulkIdListSchema = /*@__PURE__*/ z.array(idSchema).check(/*@__PURE__*/ z.minLength(1));

/** Client for the v2 API, or for the key proxy that exposes part of it to browsers. */
export function createV2Client(options: V2ClientOptions): V2Client {
  const call = createV2Connection(options);

  return {
    me: async (callOptions) => call(operations.v2GetMeOperation, {}, callOptions),
    threads: {
      ...cursorReads(call, operations.v2ListThreadsOperation, listThreadsParamsSchema, iterateThreadsParamsSchema),
      get: async (id, callOptions) => call(operations.v2GetThreadOperation, { params: { id } }, callOptions),
      create: (input, callOptions) => createThread(call, input, callOptions),
      bulkUpdate: async (ids, set, callOptions) =>
        bulk(call, operations.v2BulkUpdateThreadsOperation, ids, { set }, callOptions),
      release: async (ids, callOptions) =>
        bulk(call, operations.v2BulkUpdateThreadsOperation, ids, { set: { moderation: 'clear' } }, callOptions),
      hold: async (ids, callOptions) =>
        bulk(call, operations.v2BulkUpdateThreadsOperation, ids, { set: { moderation: 'held' } }, callOptions),
      bulkDelete: async (ids, callOptions) => bulk(call, operations.v2BulkDeleteThreadsOperation, ids, {}, callOptions),
    },
    companies: {
      create: async (input, callOptions) => call(operations.v2CreateCompanyOperation, { body: input }, callOptions),
    },
    messages: createV2MessagesClient(call),
    changelogs: createV2ChangelogsClient(call),
    issues: createV2IssuesClient(call),
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
  operation: typeof operations.v2BulkUpdateThreadsOperation | typeof operations.v2BulkDeleteThreadsOperation,
  ids: readonly string[],
  extra: Record<string, unknown>,
  options: CallOptions | undefined,
): Promise<BulkResult> {
  const unique = [...new Set(validateInput(bulkIdListSchema, ids, 'ids'))];
  const result: BulkResult = { data: [], not_found: [] };
  for (let start = 0; start < unique.length; start += BULK_MAX_IDS) {
    const chunk = await call(
      operation,
      { body: { ids: unique.slice(start, start + BULK_MAX_IDS), ...extra } },
      // Each chunk its own new key: one key for two payloads would be refused as reused.
      { ...options, idempotencyKey: undefined },
    );
    result.data.push(...chunk.data);
    result.not_found.push(...chunk.not_found);
  }
  return result;
}
