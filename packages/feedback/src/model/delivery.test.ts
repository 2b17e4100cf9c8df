// @vitest-environment node
import { memoryStorage } from '@hearken/ui/dom';
import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { type Fault, fakeProxy } from '../test/fake-proxy.ts';
import { createDelivery } from './delivery.ts';
import type { SendOutcome } from './outbox.ts';

const parcel = (text: string, attachments = [] as { blob: Blob; type: string; name: string; label: string }[]) => ({
  input: { text, origin: 'WIDGET' as const },
  attachments,
  honeypot: '',
  fillMs: 5_000,
});

function setup(faults: Fault[] = []) {
  const proxy = fakeProxy({ faults: () => faults.shift() ?? 'none' });
  const outcomes: SendOutcome[] = [];
  const delivery = createDelivery(
    signal({ proxy: 'https://proxy.test', fetch: proxy.fetch, storage: memoryStorage() }),
    (_, outcome) => outcomes.push(outcome),
  );
  return { proxy, delivery, outcomes };
}

describe('the delivery', () => {
  it('queues a parcel, sends it, and empties the queue', async () => {
    const { delivery, outcomes } = setup();
    const queued = await delivery.add(parcel('Exports are slow'));
    expect(queued).toMatchObject({ kind: 'queued', fresh: true });
    expect(delivery.queue.value).toHaveLength(1);
    if (queued.kind !== 'queued') return;
    expect(await delivery.send(queued)).toMatchObject({ kind: 'sent' });
    expect(outcomes).toMatchObject([{ kind: 'sent' }]);
    expect(delivery.queue.value).toEqual([]);
    delivery.dispose();
  });

  it('keeps a parcel that could not go, and the same thread again reuses its key', async () => {
    const { delivery } = setup(['offline']);
    const first = await delivery.add(parcel('Offline'));
    if (first.kind !== 'queued') throw new Error('not queued');
    expect(await delivery.send(first)).toMatchObject({ kind: 'retry', reason: 'offline' });
    const again = await delivery.add(parcel('Offline'));
    expect(again).toMatchObject({ kind: 'queued', fresh: false, submission: { key: first.submission.key } });
    delivery.dispose();
  });

  it('sends attachments as one message on the stored thread', async () => {
    const { delivery, proxy } = setup();
    const file = { blob: new Blob([new Uint8Array([1, 2, 3])]), type: 'image/png', name: 'a.png', label: 'Screenshot' };
    const queued = await delivery.add(parcel('With a file', [file]));
    if (queued.kind !== 'queued') throw new Error('not queued');
    expect(await delivery.send(queued)).toMatchObject({ kind: 'sent' });
    expect(proxy.messages).toMatchObject([
      { body: { content: 'Screenshot', attachments: [{ name: 'a.png', content_type: 'image/png' }] } },
    ]);
    delivery.dispose();
  });
});
