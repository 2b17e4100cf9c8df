import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for an idle moment with the given deadline, and cancels it', () => {
    const asked: { timeout?: number }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (_task: () => void, options: { timeout?: number }) => asked.push(options));
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const cancel = whenIdle(() => {}, 4_000);
    expect(asked).toEqual([{ timeout: 4_000 }]);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('where the browser cannot tell, runs the task after the fallback delay unless cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const ran: string[] = [];
    whenIdle(() => ran.push('kept'), 4_000, 2_000);
    const cancel = whenIdle(() => ran.push('cancelled'), 4_000, 2_000);
    cancel();
    vi.advanceTimersByTime(1_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['kept']);
  });
});
