import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';

describe('lazyModule', () => {
  it('loads once, on the first call, and shares the result', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const get = lazyModule(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect(await get()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('loaded');
    const get = lazyModule(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
