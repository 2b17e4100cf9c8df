import { API_ERRORS } from '@hearken/core';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { changelogs, issues, mailUnsubscriptions, outbox, threads, workspaces } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { composeMail, type MailKind } from '../src/mail/compose.ts';
import { claimDueRows, recordSending } from '../src/mail/outbox-queue.ts';
import { type MailWorker, type MailWorkerOptions, startMailWorker } from '../src/mail/worker.ts';
import { createServerMetrics } from '../src/ops/metrics.ts';
import { insertContact } from '../src/services/contacts.ts';
import { call, type Harness, useServer } from './harness.ts';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher.ts';
import { waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const FROM = 'feedback@example.com';
const HOSTILE = '<script>alert("x")</script> & <b>bold</b>';

let smtp: SmtpCatcher;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  smtp = await startSmtpCatcher();
  cleanups.push(() => smtp.close());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function worker(options: Partial<MailWorkerOptions> = {}): MailWorker {
  const started = startMailWorker({
    db: h.db,
    smtpUrl: smtp.url,
    from: FROM,
    publicUrl: h.url,
    pollIntervalMs: 20,
    timeoutMs: 10_000,
    retry: { baseDelayMs: 5, factor: 2, maxDelayMs: 40, maxAttempts: 50 },
    ...options,
  });
  cleanups.push(() => started.stop());
  return started;
}

/** A contact following the fixture's issue through a thread of its own, in `language`. */
async function follower(email: string, language?: string, name = 'Follower') {
  const { workspaceId, issueId } = h.fx.a;
  const contact = await insertContact(h.db.orm, workspaceId, { email, name }, h.clock.now);
  const threadId = newId();
  await h.db.orm.insert(threads).values({
    id: threadId,
    workspaceId,
    title: 'Please add dark mode',
    text: 'Dark mode would help',
    state: 'NEW',
    painLevel: 'LOW',
    origin: 'widget',
    contactId: contact!.id,
    issueId,
    metadata: language ? { language } : {},
    createdAt: h.clock.now,
    updatedAt: h.clock.now,
  });
  return { contactId: contact!.id, threadId };
}

/** An outbox row as the services write it. */
async function queue(kind: string, payload: object, workspaceId = h.fx.a.workspaceId): Promise<string> {
  const id = newId();
  await h.db.orm.insert(outbox).values({ id, workspaceId, kind, payload, createdAt: h.clock.now });
  return id;
}

const statusChanged = (who: { contactId: string; threadId: string }) =>
  queue('issue.follower', {
    event: 'status_changed',
    issueId: h.fx.a.issueId,
    status: 'In progress',
    previousStatus: 'Todo',
    ...who,
  });

async function outcomeOf(id: string) {
  const [row] = await h.db.orm.select().from(outbox).where(eq(outbox.id, id));
  return row?.outcome ?? null;
}

const finished = (ids: string[]) => async () =>
  (await Promise.all(ids.map(outcomeOf))).every((outcome) => outcome !== null);

/** A header as sent (unfolded), not as mailparser interprets it. */
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((entry) => entry.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
};
const unsubscribeUrl = (mail: ParsedMail) => /<([^>]+)>/.exec(header(mail, 'list-unsubscribe'))![1]!;
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

describe('issue followers', { timeout: 120_000 }, () => {
  it('sends one mail per follower, with its Message-ID, threading and one-click unsubscribe headers', async () => {
    const ana = await follower('ana@example.net');
    const ben = await follower('ben@example.net');
    const rows = [await statusChanged(ana), await statusChanged(ben)];
    worker();
    await waitFor(finished(rows), 'both rows');
    expect(await Promise.all(rows.map(outcomeOf))).toEqual(['sent', 'sent']);
    expect(smtp.mails.map(to).sort()).toEqual(['ana@example.net', 'ben@example.net']);
    const mail = smtp.mails.find((m) => to(m) === 'ana@example.net')!;
    expect(mail.messageId).toBe(`<hearken.${rows[0]}@example.com>`);
    expect(mail.inReplyTo).toBe(`<hearken.thread.${ana.threadId}@example.com>`);
    expect(mail.subject).toBe('Alpha issue: now In progress');
    expect(mail.from?.value[0]).toEqual({ name: 'Alpha', address: FROM });
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]).toEqual({
      name: 'Follower',
      address: 'ana@example.net',
    });
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrl(mail).startsWith(`${h.url}/mail/unsubscribe/`)).toBe(true);
    expect(mail.text).toContain('moved from Todo to In progress');
    expect(mail.text).toContain(unsubscribeUrl(mail));
    expect(mail.html).toContain(`href="${unsubscribeUrl(mail)}"`);
  });

  it('escapes a hostile issue title in the HTML and keeps it as written in the text', async () => {
    await h.db.orm.update(issues).set({ title: HOSTILE }).where(eq(issues.id, h.fx.a.issueId));
    // A name that reads as more recipients stays a name.
    const row = await statusChanged(
      await follower('eve@example.net', undefined, 'Eve <mallory@evil.example>, x@evil.example'),
    );
    worker();
    await waitFor(finished([row]), 'the row');
    const [mail] = smtp.mails;
    expect((Array.isArray(mail!.to) ? mail!.to[0] : mail!.to)?.value.map((entry) => entry.address)).toEqual([
      'eve@example.net',
    ]);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<b>bold');
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(mail!.text).toContain(HOSTILE);
  });

  it('shows the workspace name, logo and accent colour, and refuses CSS in place of a colour', async () => {
    await h.db.orm
      .update(workspaces)
      .set({ logoUrl: 'https://cdn.example.com/logo.png', accentColor: '#ff6600' })
      .where(eq(workspaces.id, h.fx.a.workspaceId));
    const first = await statusChanged(await follower('kim@example.net'));
    worker();
    await waitFor(finished([first]), 'the row');
    expect(smtp.mails[0]!.html).toContain('src="https://cdn.example.com/logo.png"');
    expect(smtp.mails[0]!.html).toContain('background:#ff6600');
    await h.db.orm
      .update(workspaces)
      .set({ accentColor: 'red;background-image:url(https://evil.example/)' })
      .where(eq(workspaces.id, h.fx.a.workspaceId));
    const second = await statusChanged(await follower('lee@example.net'));
    await waitFor(finished([second]), 'the second row');
    expect(smtp.mails[1]!.html).not.toContain('evil.example');
  });

  it('writes in the thread language, for each of the five', async () => {
    const expected = {
      en: 'Alpha issue: now In progress',
      de: 'Alpha issue: jetzt In progress',
      fr: 'Alpha issue : désormais In progress',
      es: 'Alpha issue: ahora In progress',
      ar: 'Alpha issue: الآن In progress',
    };
    const rows: Record<string, string> = {};
    for (const language of Object.keys(expected)) {
      rows[language] = await statusChanged(await follower(`${language}@example.net`, `${language}-XX`));
    }
    worker();
    await waitFor(finished(Object.values(rows)), 'every language');
    for (const [language, subject] of Object.entries(expected)) {
      const mail = smtp.mails.find((m) => to(m) === `${language}@example.net`)!;
      expect(mail.subject).toBe(subject);
      expect(mail.html).toContain(`lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
    }
  });

  it('tells a follower which entry shipped what they asked for', async () => {
    const changelogId = newId();
    await h.db.orm.insert(changelogs).values({
      id: changelogId,
      workspaceId: h.fx.a.workspaceId,
      title: 'November release',
      notes: '<p>Notes</p>',
      date: h.clock.now,
      published: true,
      createdAt: h.clock.now,
      updatedAt: h.clock.now,
    });
    const row = await queue('issue.follower', {
      event: 'shipped',
      changelogId,
      issueIds: [h.fx.a.issueId],
      ...(await follower('sam@example.net', 'de')),
    });
    worker();
    await waitFor(finished([row]), 'the row');
    expect(smtp.mails[0]!.subject).toBe('Ausgeliefert: Alpha issue');
    expect(smtp.mails[0]!.text).toContain('„November release“');
  });
});

describe('unsubscribe', { timeout: 120_000 }, () => {
  it('GET shows a button and changes nothing; POST stops that issue, the body link stops everything', async () => {
    const ana = await follower('ana@example.net');
    const ben = await follower('ben@example.net');
    const first = [await statusChanged(ana), await statusChanged(ben)];
    worker();
    await waitFor(finished(first), 'the first mails');
    const mail = smtp.mails.find((m) => to(m) === 'ana@example.net')!;
    const link = unsubscribeUrl(mail);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const body = await page.text();
    expect(body).toContain('<form method="post">');
    expect(body).not.toContain('<script');
    expect(await h.db.orm.select().from(mailUnsubscriptions)).toEqual([]);

    // What Gmail and Apple Mail send for their button (RFC 8058).
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const again = [await statusChanged(ana), await statusChanged(ben)];
    await waitFor(finished(again), 'the second rows');
    expect(await Promise.all(again.map(outcomeOf))).toEqual(['unsubscribed', 'sent']);
    expect(smtp.mails.filter((m) => to(m) === 'ana@example.net')).toHaveLength(1);

    // The body's second link: no mail at all from the workspace, a reply included.
    const all = /Stop all email from Alpha: (\S+)/.exec(
      smtp.mails.find((m) => to(m) === 'ben@example.net')!.text!,
    )![1]!;
    expect((await fetch(all, { method: 'POST' })).status).toBe(200);
    const notify = await queue('thread.notify.email', { threadId: ben.threadId, changes: ['state'], actorKeyId: null });
    await waitFor(finished([notify]), 'the notification');
    expect(await outcomeOf(notify)).toBe('unsubscribed');
    expect(smtp.mails).toHaveLength(3);
  });

  it('answers a forged or altered token with 400 naming the token, and records nothing', async () => {
    const ana = await follower('ana@example.net');
    const row = await statusChanged(ana);
    worker();
    await waitFor(finished([row]), 'the row');
    const link = unsubscribeUrl(smtp.mails[0]!);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${part({ alg: 'HS256' })}.${part({ w: 'a\u0000b', c: 'x', l: 'en' })}.c2ln`;
    for (const bad of [`${link}x`, `${h.url}/mail/unsubscribe/not-a-token`, `${h.url}/mail/unsubscribe/${forged}`]) {
      const response = await fetch(bad, { method: 'POST' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('(token)');
    }
    expect(await h.db.orm.select().from(mailUnsubscriptions)).toEqual([]);
  });

  it('limits forged links per client address with 429 and Retry-After, and never counts a valid one', async () => {
    const row = await statusChanged(await follower('ana@example.net'));
    worker();
    await waitFor(finished([row]), 'the row');
    const path = new URL(unsubscribeUrl(smtp.mails[0]!)).pathname;
    const app = createServer({ db: h.db, limits: { unauthenticated: 3 } });
    // As the Node adapter hands a request from `remoteAddress` to the app.
    const press = (target: string, remoteAddress: string) =>
      app.request(
        target,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        },
        { incoming: { socket: { remoteAddress } } },
      );
    // A mailbox provider's server presses the button for many people: none of it counts.
    for (let i = 0; i < 6; i++) expect((await press(path, '203.0.113.7')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await press(`${path}x`, '198.51.100.9')).status).toBe(400);
    const refused = await press(`${path}x`, '198.51.100.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: API_ERRORS.rate_limited.v1,
      message: expect.stringContaining('retry in'),
    });
    // Past its limit an address is refused before any token is read; other addresses are not.
    expect((await press(path, '198.51.100.9')).status).toBe(429);
    expect((await press(path, '203.0.113.7')).status).toBe(200);
  });
});

describe('delivery', { timeout: 120_000 }, () => {
  it('sends no second mail after a crash between the SMTP accept and the delivered mark', async () => {
    const row = await statusChanged(await follower('ana@example.net'));
    // What a worker did before it died: claimed the row, recorded the mail, and SMTP accepted it.
    const [claimed] = await claimDueRows(h.db.orm, ['issue.follower'], { limit: 1, now: new Date(), leaseMs: 60_000 });
    const composed = await composeMail(
      h.db.orm,
      { ...claimed!, kind: claimed!.kind as MailKind },
      { from: FROM, publicUrl: h.url },
    );
    if ('skip' in composed) throw new Error('nothing composed');
    const mail = { ...composed.mail, date: new Date().toISOString() };
    expect(await recordSending(h.db.orm, [{ row: claimed!, mail }])).toEqual(new Set([row]));
    const transport = createTransport({ url: smtp.url });
    await transport.sendMail({
      from: FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
    });
    transport.close();
    // The title changes before the row is claimed again, once its lease has run out.
    await h.db.orm.update(issues).set({ title: 'Renamed' }).where(eq(issues.id, h.fx.a.issueId));
    worker({ clock: () => new Date(Date.now() + 120_000) });
    await waitFor(finished([row]), 'the row');
    expect(await outcomeOf(row)).toBe('sent');
    // Sent again (SMTP's accept was never recorded), but as the same mail: one Message-ID, one subject.
    expect(smtp.mails).toHaveLength(2);
    expect(new Set(smtp.mails.map((m) => m.messageId))).toEqual(new Set([`<hearken.${row}@example.com>`]));
    expect(new Set(smtp.mails.map((m) => m.subject))).toEqual(new Set(['Alpha issue: now In progress']));
    // Finished: the record is dropped, the row is never claimed again.
    const [done] = await h.db.orm.select().from(outbox).where(eq(outbox.id, row));
    expect(done).toMatchObject({ sending: null, nextAttemptAt: null });
  });

  it('sends each row once with two workers on one database', async () => {
    const rows: string[] = [];
    for (let i = 0; i < 12; i++) rows.push(await statusChanged(await follower(`f${i}@example.net`)));
    worker({ concurrency: 3 });
    worker({ concurrency: 3 });
    await waitFor(finished(rows), 'every row');
    expect(smtp.mails).toHaveLength(12);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(12);
  });

  it('retries a refused send (4xx) and gives up at once on a permanent refusal (5xx)', async () => {
    const row = await statusChanged(await follower('ana@example.net'));
    smtp.refuseWith = 451;
    worker();
    await waitFor(async () => {
      const [r] = await h.db.orm.select().from(outbox).where(eq(outbox.id, row));
      return (r?.attempts ?? 0) >= 2;
    }, 'a retry');
    smtp.refuseWith = undefined;
    await waitFor(finished([row]), 'the row');
    expect(await outcomeOf(row)).toBe('sent');
    smtp.refuseWith = 550;
    const refused = await statusChanged(await follower('bob@example.net'));
    await waitFor(finished([refused]), 'the refused row');
    const [r] = await h.db.orm.select().from(outbox).where(eq(outbox.id, refused));
    expect(r).toMatchObject({ outcome: 'failed', attempts: 1 });
    expect(smtp.mails).toHaveLength(1);
  });

  it('without an SMTP URL leaves email waiting but still emits chat notifications', async () => {
    const endpoint = await call(h, 'POST', '/api/v2/webhooks', {
      key: h.fx.a.keys.v2Full,
      body: { url: 'http://127.0.0.1:9/hook', events: ['thread.notify.chat'] },
    });
    expect(endpoint.status).toBe(201);
    const id = h.fx.a.threadIds[0]!;
    const patched = await call(h, 'PATCH', `/api/v1/insights/${id}`, {
      key: h.fx.a.keys.v1Admin,
      body: { state: 'COMPLETED', notify: { email: true, chat: true } },
    });
    expect(patched.status).toBe(200);
    const rows = await h.db.orm.select().from(outbox);
    const chat = rows.find((r) => r.kind === 'thread.notify.chat')!;
    const email = rows.find((r) => r.kind === 'thread.notify.email')!;
    const idle = worker({ smtpUrl: undefined });
    expect(idle.sending).toBe(false);
    await waitFor(finished([chat.id]), 'the chat row');
    const events = await h.db.orm.execute(sql`select body from webhook_events where type = 'thread.notify.chat'`);
    const [event] = (events as unknown as { rows: { body: string }[] }).rows;
    expect(JSON.parse(event!.body).data).toMatchObject({ id, state: 'COMPLETED', changed_fields: ['state'] });
    expect(await outcomeOf(email.id)).toBeNull();
    await idle.stop();
    // Once SMTP is set, the waiting mail goes out and says what changed.
    worker();
    await waitFor(finished([email.id]), 'the email row');
    expect(smtp.mails[0]!.subject).toBe('Update on your feedback: Alpha thread 0');
    expect(smtp.mails[0]!.text).toContain('Status: done');
  });
});

describe('operating', { timeout: 120_000 }, () => {
  it('counts mails sent, failed attempts and those given up, and the rows waiting by kind, at /metrics', async () => {
    const metrics = createServerMetrics(h.db);
    const app = createServer({ db: h.db, operate: { metrics } });
    const scrape = async () => (await app.request('/metrics')).text();
    const refused = await statusChanged(await follower('ana@example.net'));
    const waiting = await scrape();
    expect(waiting).toMatch(/^hearken_outbox_waiting\{kind="issue.follower"\} 1$/m);
    expect(waiting).toMatch(/^hearken_outbox_waiting\{kind="message.send"\} 0$/m);
    // Refused for now twice, and the schedule allows two attempts: one retry, then given up.
    smtp.refuseWith = 451;
    const running = worker({ onAttempt: metrics.mail, retry: { baseDelayMs: 5, factor: 1, maxAttempts: 2 } });
    await waitFor(
      async () => (await scrape()).includes('hearken_mail_given_up_total{kind="issue.follower"} 1'),
      'given up',
    );
    expect(await outcomeOf(refused)).toBe('failed');
    smtp.refuseWith = undefined;
    await statusChanged(await follower('bob@example.net'));
    running.wake();
    await waitFor(async () => (await scrape()).includes('hearken_mail_sent_total{kind="issue.follower"} 1'), 'sent');
    const text = await scrape();
    expect(text).toMatch(/^hearken_mail_failed_attempts_total\{kind="issue.follower"\} 2$/m);
    expect(text).toMatch(/^hearken_mail_given_up_total\{kind="issue.follower"\} 1$/m);
    expect(text).toMatch(/^hearken_outbox_waiting\{kind="issue.follower"\} 0$/m);
    expect(smtp.mails.map(to)).toEqual(['bob@example.net']);
  });

  it('deletes rows finished before the retention window, keeps newer ones and never one still waiting', async () => {
    const day = 24 * 60 * 60 * 1000;
    const daysAgo = (days: number) => new Date(h.clock.now.getTime() - days * day);
    const row = async (createdDaysAgo: number, finishedDaysAgo: number | null, outcome: 'sent' | 'failed' | null) => {
      const id = newId();
      await h.db.orm.insert(outbox).values({
        id,
        workspaceId: h.fx.a.workspaceId,
        kind: 'issue.follower',
        payload: {},
        createdAt: daysAgo(createdDaysAgo),
        deliveredAt: finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo),
        outcome,
      });
      return id;
    };
    const oldSent = await row(45, 40, 'sent');
    const oldGivenUp = await row(40, 31, 'failed');
    const recentSent = await row(45, 29, 'sent');
    const waitingLong = await row(100, null, null);
    // Without SMTP the worker leaves email rows waiting, so only pruning touches them.
    worker({ smtpUrl: undefined, retentionDays: 30, clock: () => h.clock.now });
    await waitFor(async () => (await outcomeOf(oldSent)) === null && (await outcomeOf(oldGivenUp)) === null, 'pruning');
    const left = await h.db.orm.select({ id: outbox.id }).from(outbox);
    expect(new Set(left.map((r) => r.id))).toEqual(new Set([recentSent, waitingLong]));
  });

  it('refuses a retention that is not a positive number of days', () => {
    expect(() => worker({ retentionDays: 0 })).toThrow(RangeError);
  });
});

describe('replies', { timeout: 120_000 }, () => {
  it('reaches the contact with Reply-To the member and threading headers', async () => {
    const id = h.fx.a.threadIds[0]!;
    const first = await call(h, 'POST', `/api/v1/insights/${id}/messages`, {
      key: h.fx.a.keys.v1Admin,
      body: { content: 'Thanks, we are on it.\nMore soon.' },
    });
    expect(first.status).toBeLessThan(300);
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const second = await call(h, 'POST', `/api/v1/insights/${id}/messages`, {
      key: h.fx.a.keys.v1Admin,
      body: { content: `Shipped! ${HOSTILE}` },
    });
    expect(second.status).toBeLessThan(300);
    const rows = (await h.db.orm.select().from(outbox)).map((r) => r.id);
    worker();
    await waitFor(finished(rows), 'both replies');
    expect(smtp.mails).toHaveLength(2);
    const reply = smtp.mails.find((m) => m.text!.includes('we are on it'))!;
    const later = smtp.mails.find((m) => m.text!.includes('Shipped!'))!;
    expect(to(reply)).toBe(h.fx.a.contactEmail);
    expect(header(reply, 'reply-to')).toContain('admin@alpha.test');
    expect(reply.subject).toBe('Re: Alpha thread 0');
    expect(reply.inReplyTo).toBe(`<hearken.thread.${id}@example.com>`);
    expect(reply.messageId).toBe(`<hearken.message.${first.body.messageId}@example.com>`);
    // The second reply answers the first, so the conversation stays one thread in the mailbox.
    expect(later.inReplyTo).toBe(reply.messageId);
    expect(later.references).toEqual([`<hearken.thread.${id}@example.com>`, reply.messageId]);
    expect(later.html).not.toContain('<script>');
  });
});
