import { memoryStorage } from '@hearken/ui/dom';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Fault, fakeProxy } from '../test/fake-proxy.ts';
import { OUTBOX_LIMIT, Outbox, type QueuedSubmission } from './outbox.ts';
import { keyValueOutboxStore } from './outbox-store.ts';
import { createSender } from './send.ts';

const PROXY = 'https://proxy.test';
const kv = () => keyValueOutboxStore(memoryStorage());

function submission(key: string, text = `feedback ${key}`): QueuedSubmission {
  return {
    key,
    proxy: PROXY,
    input: { text, origin: 'WIDGET' },
    honeypot: '',
    fillMs: 5_000,
    attempts: 0,
    notBefore: 0,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Outbox', () => {
  it('keeps a submission until the service confirms it, then forgets it', async () => {
    const proxy = fakeProxy();
    const store = kv();
    const outbox = new Outbox(store);
    expect(await outbox.add(submission('k1'))).toBe(true);
    expect(await new Outbox(store).entries(PROXY)).toHaveLength(1);
    const outcome = await outbox.send(submission('k1'), createSender({ proxy: PROXY, fetch: proxy.fetch }));
    expect(outcome).toEqual({ kind: 'sent', threadId: 't1' });
    expect(await outbox.entries()).toEqual([]);
    expect(proxy.threads[0]?.key).toBe('k1');
  });

  it('keeps it with a backoff when offline, and sends it with the same key later', async () => {
    let online = false;
    const proxy = fakeProxy({ faults: () => (online ? 'none' : 'offline') });
    const sender = createSender({ proxy: PROXY, fetch: proxy.fetch });
    let now = 1_000;
    const outbox = new Outbox(kv(), () => now);
    await outbox.add(submission('k1'));
    expect(await outbox.send(submission('k1'), sender)).toEqual({ kind: 'retry', reason: 'offline' });
    const [waiting] = await outbox.entries();
    expect(waiting).toMatchObject({ key: 'k1', attempts: 1, notBefore: 3_000 });
    online = true;
    expect(await outbox.flush(PROXY, sender)).toEqual([]);
    now = 3_000;
    const [result] = await outbox.flush(PROXY, sender);
    expect(result?.outcome).toEqual({ kind: 'sent', threadId: 't1' });
    expect(proxy.threads.map((thread) => thread.key)).toEqual(['k1']);
  });

  it('waits as long as a 429 asks', async () => {
    const proxy = fakeProxy({ faults: () => 'rate-limited' });
    const outbox = new Outbox(kv(), () => 10_000);
    await outbox.add(submission('k1'));
    const outcome = await outbox.send(submission('k1'), createSender({ proxy: PROXY, fetch: proxy.fetch }));
    expect(outcome).toMatchObject({ kind: 'retry', reason: 'rate_limited', retryAfterMs: 7_000 });
    expect(await outbox.nextDue(PROXY)).toBe(17_000);
  });

  it('drops a submission the service refuses, reporting the error', async () => {
    const proxy = fakeProxy({
      reply: () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'invalid_request',
              message: 'contact_email: Invalid email',
              request_id: 'r1',
              details: { issues: [{ path: ['contact_email'], message: 'Invalid email' }] },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    });
    const outbox = new Outbox(kv());
    await outbox.add(submission('k1'));
    const outcome = await outbox.send(submission('k1'), createSender({ proxy: PROXY, fetch: proxy.fetch }));
    expect(outcome).toMatchObject({
      kind: 'rejected',
      error: { name: 'V2Error', status: 400, code: 'invalid_request' },
    });
    expect(await outbox.entries()).toEqual([]);
  });

  it('is bounded: beyond the limit new submissions are refused, not dropped silently', async () => {
    const outbox = new Outbox(kv());
    for (let i = 0; i < OUTBOX_LIMIT; i++) expect(await outbox.add(submission(`k${i}`))).toBe(true);
    expect(await outbox.add(submission('one-too-many'))).toBe(false);
    expect(await outbox.entries()).toHaveLength(OUTBOX_LIMIT);
  });

  it('refuses when storage is full instead of throwing', async () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(await new Outbox(keyValueOutboxStore(storage)).add(submission('k1'))).toBe(false);
  });

  it('two flushes side by side send each entry once (two widgets, or a timer and the online event)', async () => {
    const proxy = fakeProxy();
    const store = kv();
    const sender = createSender({ proxy: PROXY, fetch: proxy.fetch });
    const first = new Outbox(store);
    await first.add(submission('a'));
    await first.add(submission('b'));
    await Promise.all([first.flush(PROXY, sender), new Outbox(store).flush(PROXY, sender)]);
    expect(proxy.requests).toHaveLength(2);
    expect(proxy.threads.map((thread) => thread.key).sort()).toEqual(['a', 'b']);
    expect(await first.entries()).toEqual([]);
  });

  it('flushes only its own proxy’s entries', async () => {
    const proxy = fakeProxy();
    const outbox = new Outbox(kv());
    await outbox.add(submission('mine'));
    await outbox.add({ ...submission('theirs'), proxy: 'https://other.test' });
    await outbox.flush(PROXY, createSender({ proxy: PROXY, fetch: proxy.fetch }));
    expect(proxy.threads.map((thread) => thread.key)).toEqual(['mine']);
    expect((await outbox.entries()).map((entry) => entry.key)).toEqual(['theirs']);
  });
});

type Step = { kind: 'submit' } | { kind: 'flush'; force: boolean } | { kind: 'reload' } | { kind: 'tick'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'submit' }),
  fc.boolean().map<Step>((force) => ({ kind: 'flush', force })),
  fc.constant<Step>({ kind: 'reload' }),
  fc.integer({ min: 0, max: 400_000 }).map<Step>((ms) => ({ kind: 'tick', ms })),
);
const fault = fc.constantFrom<Fault>('none', 'offline', 'lost-response', 'server-error', 'rate-limited', 'in-flight');

describe('Outbox under seeded fault schedules', () => {
  it('loses nothing and duplicates nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(fault, { maxLength: 60 }),
        async (steps, faults) => {
          let next = 0;
          let healed = false;
          const proxy = fakeProxy({
            faults: () => (healed ? 'none' : (faults[next++ % Math.max(1, faults.length)] ?? 'none')),
            // The client holds calls for a 429's Retry-After in real time; the queue's own wait is simulated.
            retryAfter: 0,
          });
          const sender = createSender({ proxy: PROXY, fetch: proxy.fetch });
          const store = kv();
          let now = 0;
          let outbox = new Outbox(store, () => now);
          const accepted: string[] = [];
          for (const [index, action] of steps.entries()) {
            if (action.kind === 'submit') {
              const entry = submission(`key-${index}`, `text ${index}`);
              if (await outbox.add(entry)) {
                accepted.push(entry.input.text);
                await outbox.send(entry, sender);
              }
            } else if (action.kind === 'flush') await outbox.flush(PROXY, sender, { force: action.force });
            else if (action.kind === 'reload') outbox = new Outbox(store, () => now);
            else now += action.ms;
          }
          // The network heals; a page keeps flushing as waits run out.
          healed = true;
          for (let round = 0; round < 5 && (await outbox.entries()).length > 0; round++) {
            now += 3_600_000;
            await new Outbox(store, () => now).flush(PROXY, sender);
          }
          expect(await outbox.entries()).toEqual([]);
          const stored = proxy.threads.map((thread) => thread.body.text);
          expect(stored.sort()).toEqual(accepted.sort());
        },
      ),
      { numRuns: 200, seed: 20261122 },
    );
  });
});
