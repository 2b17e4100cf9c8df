import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveOptions } from '../config/resolve-options.ts';
import type { UpstreamRequest } from '../http/upstream-transport.ts';
import { KEY } from '../test/fake-upstream.ts';
import { threadReads } from './thread-reads.ts';

/** Reads through a transport whose portal issues list says `status` (changed by the test) and counts those reads. */
function reads(portal?: { maxAgeSeconds: number }) {
  const state = { status: 'Planned', portalReads: 0 };
  const transport = async (_request: UpstreamRequest) => {
    state.portalReads += 1;
    return {
      ok: true as const,
      status: 200,
      header: () => null,
      text: JSON.stringify([{ id: 'i1', title: 'Dark mode', status: state.status }]),
    };
  };
  const options = resolveOptions(
    { upstream: 'https://service.test', apiKey: KEY, allowedOrigins: [], ...(portal ? { portal } : {}) },
    transport,
  );
  return { state, reads: threadReads(options, 'ws1') };
}

describe("the receipts' issue titles and statuses", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are kept as long as the portal reads are cached, then read again', async () => {
    const { state, reads: thread } = reads({ maxAgeSeconds: 5 });
    expect((await thread.issues()).get('i1')?.status).toBe('Planned');
    state.status = 'Being built';
    vi.advanceTimersByTime(4_999);
    expect((await thread.issues()).get('i1')?.status).toBe('Planned');
    vi.advanceTimersByTime(1);
    expect((await thread.issues()).get('i1')?.status).toBe('Being built');
    expect(state.portalReads).toBe(2);
  });

  it('are read on every updates read when the portal reads are not cached', async () => {
    const { state, reads: thread } = reads({ maxAgeSeconds: 0 });
    await thread.issues();
    state.status = 'Shipped';
    expect((await thread.issues()).get('i1')?.status).toBe('Shipped');
    expect(state.portalReads).toBe(2);
  });

  it('are kept a minute without portal mode', async () => {
    const { state, reads: thread } = reads();
    await thread.issues();
    state.status = 'Shipped';
    vi.advanceTimersByTime(59_999);
    expect((await thread.issues()).get('i1')?.status).toBe('Planned');
    vi.advanceTimersByTime(1);
    expect((await thread.issues()).get('i1')?.status).toBe('Shipped');
  });
});
