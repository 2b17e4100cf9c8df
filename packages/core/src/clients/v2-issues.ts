import {
  type IssuePage,
  type IterateIssuesParams,
  iterateIssuesParamsSchema,
  type ListIssuesParams,
  listIssuesParamsSchema,
  type UpdateIssueInput,
  type V2Issue,
} from '../contract/schemas/v2-issues.ts';
import * as operations from '../operations/issues.ts';
import type { CallOptions, IdempotentCallOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { type CursorReads, cursorReads } from './cursor-reads.ts';

/**
 * `client.issues` of the v2 client: reads need `issues:read`, the update `issues:write`. The list's
 * filters are `status` and `project_id`.
 */
export interface V2IssuesClient extends CursorReads<V2Issue, IssuePage, ListIssuesParams, IterateIssuesParams> {
  /** One issue. */
  get(id: string, options?: CallOptions): Promise<V2Issue>;
  /**
   * Changes the fields given; a new `status` tells the issue's followers. Sent with an
   * Idempotency-Key (a new one unless given), kept across retries.
   */
  update(id: string, input: UpdateIssueInput, options?: IdempotentCallOptions): Promise<V2Issue>;
}

/** The issues part of the v2 client, over its `call`. */
export function createV2IssuesClient(call: Call): V2IssuesClient {
  return {
    ...cursorReads(call, operations.v2ListIssuesOperation, listIssuesParamsSchema, iterateIssuesParamsSchema),
    get: async (id, options) => call(operations.v2GetIssueOperation, { params: { id } }, options),
    update: async (id, input, options) =>
      call(operations.v2UpdateIssueOperation, { params: { id }, body: input }, options),
  };
}
