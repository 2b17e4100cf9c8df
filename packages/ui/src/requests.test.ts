import { memoryStorage } from '@hearken/ui/dom';
import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { createRequestUpdates } from './request-updates.ts';
import { type AskedFor, hasMoved, parseRequests, serializeRequests } from './requests.ts';

const DAY = 86_400_000;
const vote: AskedFor = {
  thread: 't1',
  receipt: 'r1',
  at: Date.now(),
  issue: 'i1',
  title: 'Dark mode',
  seen: 'Planned',
};
const sent: AskedFor = { thread: 't2', receipt: 'r2', at: Date.now(), seen: 'NEW' };
const update = (id: string, status: string | null, state = 'NEW') => ({
  id,
  state,
  updated_at: '2026-11-01T00:00:00.000Z',
  issue: status === null ? null : { id: 'i1', title: 'Dark mode', status },
});

describe('the stored requests', () => {
  it('reads back what it wrote, and drops what is unreadable or past the receipts’ 400 days', () => {
    expect(parseRequests(serializeRequests({ items: [vote, sent], etag: '"e"' }))).toEqual({
      items: [vote, sent],
      etag: '"e"',
    });
    const old = { ...sent, at: Date.now() - 401 * DAY };
    expect(parseRequests(JSON.stringify({ items: [old, { thread: 1 }, vote] })).items).toEqual([vote]);
    expect(parseRequests('{not json').items).toEqual([]);
    expect(serializeRequests({ items: [] })).toBeNull();
  });
});

function setup(read = vi.fn()) {
  const storage = memoryStorage();
  const updates = createRequestUpdates({
    storage: signal(storage),
    workspace: signal(`ws-${Math.random()}`),
    proxy: signal('https://proxy.example'),
    reader: async () => read,
  });
  return { updates, read, storage };
}

describe('createRequestUpdates', () => {
  it('reads once per page load with the kept ETag, counts what moved, and forgets it once seen', async () => {
    const read = vi.fn().mockResolvedValueOnce({
      changed: true,
      updates: [update('t1', 'In Progress'), update('t2', null)],
      etag: '"a"',
    });
    const { updates } = setup(read);
    updates.remember(vote);
    updates.remember(sent);
    await updates.refresh();
    await updates.refresh();
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith({ receipts: ['r1', 'r2'] }, { etag: undefined });
    expect(updates.moved.value.map((item) => item.thread)).toEqual(['t1']);
    expect(updates.requests.value.etag).toBe('"a"');
    updates.markSeen();
    expect(updates.moved.value).toEqual([]);
    expect(updates.requests.value.items.every((item) => !hasMoved(item))).toBe(true);
  });

  it('tells the other widget on the page what one read or wrote: no storage event comes in the same tab', async () => {
    const read = vi.fn().mockResolvedValueOnce({ changed: true, updates: [update('t1', 'In Progress')], etag: '"c"' });
    const storage = signal(memoryStorage());
    const workspace = signal(`ws-${Math.random()}`);
    const proxy = signal('https://proxy.example');
    const feedback = createRequestUpdates({ storage, workspace, proxy, reader: async () => read });
    const roadmap = createRequestUpdates({ storage, workspace, proxy, reader: async () => read });
    roadmap.remember(vote);
    expect(feedback.requests.value.items.map((item) => item.thread)).toEqual(['t1']);
    await feedback.refresh();
    await roadmap.refresh();
    expect(read).toHaveBeenCalledTimes(1);
    expect(roadmap.moved.value.map((item) => item.latest?.status)).toEqual(['In Progress']);
    feedback.markSeen();
    expect(roadmap.moved.value).toEqual([]);
    feedback.dispose();
    roadmap.dispose();
  });

  it('forgets a thread the proxy no longer lists (deleted), and a vote taken back', async () => {
    const read = vi.fn().mockResolvedValueOnce({ changed: true, updates: [update('t1', 'Planned')], etag: '"b"' });
    const { updates } = setup(read);
    updates.remember(vote);
    updates.remember(sent);
    await updates.refresh();
    expect(updates.requests.value.items.map((item) => item.thread)).toEqual(['t1']);
    updates.forget('t1');
    expect(updates.requests.value.items).toEqual([]);
  });

  it('reads nothing when nothing was asked for, and keeps what it had when the read fails', async () => {
    const quiet = setup();
    await quiet.updates.refresh();
    expect(quiet.read).not.toHaveBeenCalled();
    const failing = setup(vi.fn().mockRejectedValue(new Error('offline')));
    failing.updates.remember(vote);
    await failing.updates.refresh();
    expect(failing.updates.requests.value.items).toEqual([vote]);
  });
});
