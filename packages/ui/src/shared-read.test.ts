// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read.ts';

/** A read that answers when told, counting how often it started and whether it was aborted. */
function deferredRead() {
  const calls: { signal: AbortSignal; answer: (value: string) => void }[] = [];
  const read = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ signal, answer: resolve });
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { read, calls };
}

describe('sharedRead', () => {
  it('serves two callers of the same key in flight with one read, and reads again once it settled', async () => {
    const { read, calls } = deferredRead();
    const scope = {};
    const first = sharedRead(scope, 'page-1', read);
    const second = sharedRead(scope, 'page-1', read, new AbortController().signal);
    expect(calls).toHaveLength(1);
    calls[0]?.answer('entries');
    await expect(first).resolves.toBe('entries');
    await expect(second).resolves.toBe('entries');
    void sharedRead(scope, 'page-1', read);
    expect(calls).toHaveLength(2);
  });

  it('shares nothing across keys or fetch functions', () => {
    const { read, calls } = deferredRead();
    const scope = {};
    void sharedRead(scope, 'a', read);
    void sharedRead(scope, 'b', read);
    void sharedRead({}, 'a', read);
    void sharedRead(undefined, 'a', read);
    expect(calls).toHaveLength(4);
  });

  it('goes on for the others when one caller aborts, and aborts the read when the last one does', async () => {
    const { read, calls } = deferredRead();
    const scope = {};
    const one = new AbortController();
    const two = new AbortController();
    const first = sharedRead(scope, 'k', read, one.signal);
    const second = sharedRead(scope, 'k', read, two.signal);
    one.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    expect(calls[0]?.signal.aborted).toBe(false);
    two.abort(new Error('gone too'));
    await expect(second).rejects.toThrow('gone too');
    expect(calls[0]?.signal.aborted).toBe(true);
    void sharedRead(scope, 'k', read).catch(() => {});
    expect(calls).toHaveLength(2);
  });
});
