import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { openDatabase } from '../src/db/open.ts';
import { outbox, threads } from '../src/db/schema.ts';
import { FOLLOWER_OUTBOX_KIND, type FollowerStatusPayload } from '../src/followers/outbox.ts';
import { listen } from '../src/listen.ts';
import { DEMO_WORKSPACE_ID, seedDemo } from '../src/seed/demo.ts';
import { followedDemoIssues } from '../src/seed/followers.ts';
import { migratedTemplate } from './pglite-template.ts';

const READMES = ['../README.md', '../../../README.md'].map((path) => resolve(import.meta.dirname, path));

/** The issue id and JSON body of the curl line a README gives for moving a demo issue. */
function curlLine(readme: string): { issueId: string; body: unknown } {
  const line = readFileSync(readme, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('curl') && text.includes('/api/v2/issues/'));
  expect(line, readme).toBeDefined();
  const [, issueId] = /\/api\/v2\/issues\/([0-9a-f-]{36})/.exec(line!)!;
  const [, body] = /-d '([^']+)'/.exec(line!)!;
  return { issueId: issueId!, body: JSON.parse(body!) };
}

describe('the demo followers', () => {
  it("the READMEs' curl line moves a followed demo issue, queueing mail for each follower in their language", async () => {
    const db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
    let closeServer = async () => {};
    try {
      const seed = await seedDemo(db);
      const app = createServer({ db });
      const server = await listen((request, env) => app.fetch(request, env), { port: 0, host: '127.0.0.1' });
      closeServer = () => server.close();
      const [first] = await followedDemoIssues(db.orm, DEMO_WORKSPACE_ID);
      const lines = READMES.map(curlLine);
      for (const line of lines) expect(line).toEqual(lines[0]);
      const { issueId, body } = lines[0]!;
      expect(issueId).toBe(first);

      const reply = await fetch(`http://127.0.0.1:${server.port}/api/v2/issues/${issueId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${seed.keys.v2Full}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(reply.status).toBe(200);
      const rows = await db.orm.select().from(outbox).where(eq(outbox.kind, FOLLOWER_OUTBOX_KIND));
      const payloads = rows.map((row) => row.payload as FollowerStatusPayload);
      expect(payloads).toHaveLength(3);
      const languages: string[] = [];
      for (const payload of payloads) {
        expect(payload).toMatchObject({ event: 'status_changed', issueId, previousStatus: 'Todo' });
        const [thread] = await db.orm.select().from(threads).where(eq(threads.id, payload.threadId));
        expect(thread).toMatchObject({ contactId: payload.contactId, notifyContact: true, issueId });
        languages.push(thread!.metadata.language!);
      }
      expect(languages.sort()).toEqual(['ar', 'de-DE', 'en-US']);
    } finally {
      await closeServer();
      await db.close();
    }
  }, 120_000);
});
