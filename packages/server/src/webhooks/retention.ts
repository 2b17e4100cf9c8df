import { sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';

/** Events deleted per statement, so one pass never holds many rows locked at once. */
const BATCH = 1000;

/**
 * Deletes the webhook events created before `before` whose deliveries are all finished
 * (delivered, failed, or pending on an endpoint that is turned off and so never sent), with
 * their deliveries. An event still being retried is kept, however old. Returns how many went.
 */
export async function pruneWebhookEvents(orm: Orm, before: Date): Promise<number> {
  const at = before.toISOString();
  let pruned = 0;
  for (;;) {
    const result = await orm.execute(sql`
      delete from webhook_events
      where id in (
        select ev.id from webhook_events ev
        where ev.created_at < ${at}::timestamptz
          and not exists (
            select 1 from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id
            where d.event_id = ev.id and d.status = 'pending' and e.enabled
          )
        limit ${BATCH}
      )
      returning id`);
    const deleted = (result as unknown as { rows: unknown[] }).rows.length;
    pruned += deleted;
    if (deleted < BATCH) return pruned;
  }
}
