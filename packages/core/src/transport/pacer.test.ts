import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacer } from './pacer.ts';

beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => vi.useRealTimers());

const exhausted = (resetInSeconds: number) =>
  new Headers({
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + resetInSeconds),
  });

describe('createPacer', () => {
  it('holds a caller already waiting for the reset when a 429 blocks the class for longer', async () => {
    const pacer = createPacer({ jitterMs: 0, maxRetryAfterMs: 60_000 });
    pacer.update('write', exhausted(1));
    let released = false;
    void pacer.acquire('write', undefined).then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(500);
    // Another caller of the same client meets a 429 asking for 5 s.
    pacer.block('write', 5_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(released).toBe(true);
  });

  it('keeps a 429 in force when a call sent before it answers with calls left', async () => {
    const pacer = createPacer({ jitterMs: 0, maxRetryAfterMs: 60_000 });
    pacer.block('write', 5_000);
    pacer.update(
      'write',
      new Headers({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1) }),
    );
    let released = false;
    void pacer.acquire('write', undefined).then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(released).toBe(true);
  });
});
