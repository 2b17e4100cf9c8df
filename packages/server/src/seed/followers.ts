/**
 * The demo's followers: a few people who sent feedback through the widget and ticked "Email me
 * when this changes", one per language the widgets speak, so that changing the status of the first
 * followed issue (the README's curl line) queues mail at once. Their addresses are on the
 * reserved example domains, so no real mailbox ever receives the demo's mail.
 */
import { asc, eq, notInArray } from 'drizzle-orm';
import { liveIn } from '../db/live.ts';
import type { Orm } from '../db/open.ts';
import { contacts, customerNeeds, issues, threads } from '../db/schema.ts';
import { createRandom } from './prng.ts';

/** Statuses no one waits on: their issues get no followers. */
const SETTLED = ['Done', 'Canceled'];
const DAY = 24 * 60 * 60 * 1000;

/** Who follows what: `follows` indexes the issues `seedFollowers` picks; `language` as a widget page sends it. */
const FOLLOWERS = [
  { name: 'Maya Lopez', email: 'maya.lopez@example.com', language: 'en-US', follows: [0, 1] },
  { name: 'Jonas Weber', email: 'jonas.weber@example.org', language: 'de-DE', follows: [0] },
  { name: 'Camille Martin', email: 'camille.martin@example.net', language: 'fr-FR', follows: [1] },
  { name: 'Lucía García', email: 'lucia.garcia@example.com', language: 'es-ES', follows: [2] },
  { name: 'Layla Haddad', email: 'layla.haddad@example.org', language: 'ar', follows: [0, 2] },
] as const;

const MESSAGES = [
  'This would save me an hour every week. Please let me know when it lands.',
  'We are waiting on this before rolling the app out to the whole team.',
  'Any news on this? Happy to test an early version.',
];

/**
 * The issues the demo's followers follow: the first three on the portal, by its order, whose
 * status is still open. The first is the one the README's curl line moves.
 */
export async function followedDemoIssues(orm: Orm, workspaceId: string): Promise<string[]> {
  const rows = await orm
    .select({ id: issues.id })
    .from(issues)
    .where(liveIn(issues, workspaceId, eq(issues.isVisible, true), notInArray(issues.status, SETTLED)))
    .orderBy(asc(issues.sortOrder), asc(issues.id))
    .limit(3);
  return rows.map((row) => row.id);
}

/**
 * Adds the followers to the workspace's seeded issues: a contact each and a widget thread per
 * issue followed (with `notify_contact` and a customer need, as the widget's form makes them),
 * dated in the days before `before`. The ids are the same on every run.
 */
export async function seedFollowers(orm: Orm, workspaceId: string, before: Date): Promise<void> {
  const followed = await followedDemoIssues(orm, workspaceId);
  const random = createRandom(33);
  // Days before `before`, counted down as contacts and threads are added.
  let day = 30;
  for (const person of FOLLOWERS) {
    const created = new Date(before.getTime() - day-- * DAY);
    const contactId = random.uuid();
    await orm.insert(contacts).values({
      id: contactId,
      workspaceId,
      email: person.email,
      name: person.name,
      createdAt: created,
      updatedAt: created,
    });
    for (const index of person.follows) {
      const issueId = followed[index];
      if (!issueId) continue;
      const at = new Date(before.getTime() - day-- * DAY);
      const threadId = random.uuid();
      await orm.insert(threads).values({
        id: threadId,
        workspaceId,
        text: random.pick(MESSAGES),
        state: 'NEW',
        painLevel: 'MEDIUM',
        origin: 'WIDGET',
        contactId,
        issueId,
        metadata: { language: person.language },
        notifyContact: true,
        createdAt: at,
        updatedAt: at,
      });
      await orm
        .insert(customerNeeds)
        .values({ id: random.uuid(), workspaceId, threadId, issueId, createdAt: at, updatedAt: at });
    }
  }
}
