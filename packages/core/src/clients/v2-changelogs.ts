import {
  type ChangelogPage,
  type CreateChangelogInput,
  type IterateChangelogsParams,
  iterateChangelogsParamsSchema,
  type ListChangelogsParams,
  listChangelogsParamsSchema,
  type UpdateChangelogInput,
  type V2Changelog,
} from '../contract/schemas/changelogs.ts';
import * as operations from '../operations/changelogs.ts';
import type { CallOptions, IdempotentCallOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { type CursorReads, cursorReads } from './cursor-reads.ts';

/**
 * `client.changelogs` of the v2 client: reads need `changelogs:read`, writes `changelogs:write`.
 * The list's filter is `state` (`published` by default, `draft`, `archived`, `all`).
 */
export interface V2ChangelogsClient
  extends CursorReads<V2Changelog, ChangelogPage, ListChangelogsParams, IterateChangelogsParams> {
  /** One entry, whatever its state. */
  get(id: string, options?: CallOptions): Promise<V2Changelog>;
  /** Creates an entry (unpublished unless `published: true`). Sent with an Idempotency-Key (a new one unless given). */
  create(input: CreateChangelogInput, options?: IdempotentCallOptions): Promise<V2Changelog>;
  /** Changes the fields given; `published: true` publishes, `archived: true` takes it off the published list. */
  update(id: string, input: UpdateChangelogInput, options?: IdempotentCallOptions): Promise<V2Changelog>;
}

/** The changelogs part of the v2 client, over its `call`. */
export function createV2ChangelogsClient(call: Call): V2ChangelogsClient {
  return {
    ...cursorReads(
      call,
      operations.v2ListChangelogsOperation,
      listChangelogsParamsSchema,
      iterateChangelogsParamsSchema,
    ),
    get: async (id, options) => call(operations.v2GetChangelogOperation, { params: { id } }, options),
    create: async (input, options) => call(operations.v2CreateChangelogOperation, { body: input }, options),
    update: async (id, input, options) =>
      call(operations.v2UpdateChangelogOperation, { params: { id }, body: input }, options),
  };
}
