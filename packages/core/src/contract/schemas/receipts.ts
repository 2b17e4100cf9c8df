import * as z from 'zod/mini';
import { THREAD_STATES } from '../constants.ts';
import { dateTime } from './common.ts';

/**
 * What the key proxy tells a browser of one thread it sent (by its receipt, or by the verified
 * identity's email): its state and the issue it is about, never its contact or text. The issue's
 * `status` is the workspace's own word for it, as the roadmap shows it.
 */
export const threadUpdateSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  state: /*@__PURE__*/ z.enum(THREAD_STATES),
  updated_at: dateTime,
  issue: /*@__PURE__*/ z.nullable(
    /*@__PURE__*/ z.object({
      id: /*@__PURE__*/ z.string(),
      title: /*@__PURE__*/ z.string(),
      status: /*@__PURE__*/ z.string(),
    }),
  ),
});
export type ThreadUpdate = z.output<typeof threadUpdateSchema>;

/** `GET /api/v2/threads/updates` through the key proxy: one entry per live thread asked about. */
export const threadUpdatesSchema = /*@__PURE__*/ z.object({ data: /*@__PURE__*/ z.array(threadUpdateSchema) });
export type ThreadUpdates = z.output<typeof threadUpdatesSchema>;
