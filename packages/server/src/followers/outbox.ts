/**
 * Follower notifications: who follows an issue, and the `outbox` rows that tell them. Written in
 * the transaction of the change they report, so a notification exists exactly when its change
 * does; the mail worker drains them (and checks unsubscriptions at send time).
 */
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { contacts, customerNeeds, outbox, threads } from '../db/schema.ts';
import { newId } from '../ids.ts';

/** The `kind` of a follower notification in the `outbox`. */
export const FOLLOWER_OUTBOX_KIND = 'issue.follower';

/** An issue a contact follows changed status. */
export interface FollowerStatusPayload {
  event: 'status_changed';
  issueId: string;
  status: string;
  previousStatus: string;
  contactId: string;
  /** The contact's newest thread following the issue: its language is the mail's. */
  threadId: string;
}

/** A published changelog entry ships issues a contact follows. */
export interface FollowerShippedPayload {
  event: 'shipped';
  changelogId: string;
  /** Every issue of the entry this contact follows, in the entry's order. */
  issueIds: string[];
  contactId: string;
  /** The contact's newest thread following any of `issueIds`. */
  threadId: string;
}

/** The `payload` of an `issue.follower` outbox row. */
export type FollowerPayload = FollowerStatusPayload | FollowerShippedPayload;

/** One contact following some of the issues asked about. */
export interface Follower {
  contactId: string;
  /** Its newest thread following any of `issueIds`. */
  threadId: string;
  /** The issues it follows among those asked about, in the order asked. */
  issueIds: string[];
}

/**
 * The followers of any of `issueIds`: one per distinct live contact of a live thread, not held,
 * with `notify_contact`, linked to the issue by a customer need or its own `issue_id`. Held
 * threads follow nothing, so a thread released later hears only of later events.
 */
export async function findFollowers(orm: Orm, workspaceId: string, issueIds: readonly string[]): Promise<Follower[]> {
  if (issueIds.length === 0) return [];
  const asked = [...issueIds];
  const rows = await orm
    .select({
      contactId: threads.contactId,
      threadId: threads.id,
      createdAt: threads.createdAt,
      threadIssue: threads.issueId,
      needIssue: customerNeeds.issueId,
    })
    .from(threads)
    .innerJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.isDeleted, false)))
    .leftJoin(customerNeeds, and(eq(customerNeeds.threadId, threads.id), inArray(customerNeeds.issueId, asked)))
    .where(
      and(
        eq(threads.workspaceId, workspaceId),
        eq(threads.notifyContact, true),
        eq(threads.isDeleted, false),
        eq(threads.moderation, 'clear'),
        or(inArray(threads.issueId, asked), isNotNull(customerNeeds.id)),
      ),
    );
  const byContact = new Map<string, { thread: { id: string; at: number }; issues: Set<string> }>();
  for (const row of rows) {
    if (!row.contactId) continue;
    const follows = [row.needIssue, row.threadIssue].filter((id): id is string => id !== null && asked.includes(id));
    const at = row.createdAt.getTime();
    const known = byContact.get(row.contactId);
    if (!known) {
      byContact.set(row.contactId, { thread: { id: row.threadId, at }, issues: new Set(follows) });
      continue;
    }
    for (const id of follows) known.issues.add(id);
    // Newest by creation, then by id, as lists order threads.
    if (at > known.thread.at || (at === known.thread.at && row.threadId > known.thread.id))
      known.thread = { id: row.threadId, at };
  }
  return [...byContact]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([contactId, { thread, issues }]) => ({
      contactId,
      threadId: thread.id,
      issueIds: asked.filter((id) => issues.has(id)),
    }));
}

async function queue(orm: Orm, workspaceId: string, payloads: FollowerPayload[], at: Date): Promise<void> {
  if (payloads.length === 0) return;
  await orm
    .insert(outbox)
    .values(
      payloads.map((payload) => ({ id: newId(), workspaceId, kind: FOLLOWER_OUTBOX_KIND, payload, createdAt: at })),
    );
}

/** Queues one `status_changed` notification per follower of the issue. Call it inside the change's transaction. */
export async function queueStatusChange(
  orm: Orm,
  workspaceId: string,
  change: { issueId: string; status: string; previousStatus: string },
  at: Date,
): Promise<void> {
  const followers = await findFollowers(orm, workspaceId, [change.issueId]);
  await queue(
    orm,
    workspaceId,
    followers.map(({ contactId, threadId }) => ({ event: 'status_changed', ...change, contactId, threadId })),
    at,
  );
}

/**
 * Queues one `shipped` notification per contact following any of `issueIds` (the entry's issues
 * not announced before), listing each of them it follows. Call it inside the change's transaction.
 */
export async function queueShipped(
  orm: Orm,
  workspaceId: string,
  changelogId: string,
  issueIds: readonly string[],
  at: Date,
): Promise<void> {
  const followers = await findFollowers(orm, workspaceId, issueIds);
  await queue(
    orm,
    workspaceId,
    followers.map(({ contactId, threadId, issueIds: followed }) => ({
      event: 'shipped',
      changelogId,
      issueIds: followed,
      contactId,
      threadId,
    })),
    at,
  );
}
