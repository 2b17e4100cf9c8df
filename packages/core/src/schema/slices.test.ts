import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { array } from './collections.ts';
import { object } from './object.ts';
import { number, string } from './primitives.ts';
import { safeParseInSlices } from './slices.ts';

const item = object({ id: string(), upvotes: number() });

describe('safeParseInSlices', () => {
  it('pauses once between slices and never before the first or after the last', async () => {
    const list = Array.from({ length: 250 }, (_, i) => ({ id: `i_${i}`, upvotes: i }));
    const pause = vi.fn(() => Promise.resolve());
    const result = await safeParseInSlices(item, list, 100, pause);
    expect(pause).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ success: true, data: list });
    pause.mockClear();
    await safeParseInSlices(item, list.slice(0, 100), 100, pause);
    expect(pause).not.toHaveBeenCalled();
  });

  it('gives the same data and issues as array(item) for any list, at any slice size', async () => {
    const entry = fc.oneof(
      fc.record({ id: fc.string(), upvotes: fc.integer() }),
      fc.record({ id: fc.integer(), upvotes: fc.string(), extra: fc.boolean() }),
      fc.constantFrom(null, 'x', 3),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), async (list, slice) => {
        const sliced = await safeParseInSlices(item, list, slice, () => Promise.resolve());
        expect(sliced).toEqual(array(item).safeParse(list));
      }),
    );
  });
});
