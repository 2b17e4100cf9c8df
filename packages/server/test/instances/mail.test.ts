import { join } from 'node:path';
import { type Fleet, type NodeService, startFleet } from '@hearken/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, seedDemo } from '../../src/index.ts';
import { type SmtpCatcher, startSmtpCatcher } from '../smtp-catcher.ts';

/**
 * Two server processes (the built CLI) with SMTP_URL set, on one PostgreSQL: every email the
 * outbox holds is sent once, whichever process claims it.
 */

const root = join(import.meta.dirname, '../../../..');
const EMAILS = 40;

let fleet: Fleet;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // The server processes inherit the environment of this one.
  process.env.SMTP_URL = smtp.url;
  process.env.HEARKEN_MAIL_FROM = 'feedback@example.com';
  try {
    fleet = await startFleet(root, { server: { openDatabase, seedDemo }, servers: 2, proxies: [] });
  } finally {
    delete process.env.SMTP_URL;
    delete process.env.HEARKEN_MAIL_FROM;
  }
}, 120_000);

afterAll(async () => {
  await fleet?.close();
  await smtp?.close();
}, 60_000);

describe('two servers on one PostgreSQL sending email', () => {
  it('sends each notify.email once between them', async () => {
    const [a, b] = fleet.servers as [NodeService, NodeService];
    const list = await fetch(`${a.url}/api/v2/threads?limit=100`, {
      headers: { authorization: `Bearer ${fleet.seed.keys.v2Full}` },
    });
    const { data } = (await list.json()) as { data: { id: string; contact: unknown }[] };
    const threads = data.filter((thread) => thread.contact);
    expect(threads.length).toBeGreaterThan(0);
    for (let i = 0; i < EMAILS; i++) {
      // Written to either server; either may send it.
      const response = await fetch(`${(i % 2 === 0 ? a : b).url}/api/v1/insights/${threads[i % threads.length]!.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${fleet.seed.keys.v1}`, 'content-type': 'application/json' },
        body: JSON.stringify({ state: i % 2 === 0 ? 'PROCESSED' : 'NEW', notify: { email: true } }),
      });
      expect(response.status).toBe(200);
    }
    const deadline = Date.now() + 60_000;
    while (smtp.mails.length < EMAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Both keep polling: a second send of any row would arrive by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.mails).toHaveLength(EMAILS);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(EMAILS);
  }, 120_000);
});
