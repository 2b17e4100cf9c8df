import { runItems } from './collections.ts';
import type { AnySchema, Output, ParseContext, SafeParseResult } from './types.ts';

/**
 * Parses a list as `array(item)` does, awaiting `pause()` after every `slice` items, so a long
 * list (a thousand issues) is checked over several short tasks instead of one long one that
 * would hold up rendering and input.
 */
export async function safeParseInSlices<T extends AnySchema>(
  item: T,
  list: readonly unknown[],
  slice: number,
  pause: () => Promise<void>,
): Promise<SafeParseResult<Output<T>[]>> {
  const ctx: ParseContext = { issues: [], path: [] };
  const output: Output<T>[] = new Array(list.length);
  for (let from = 0; from < list.length; from += slice) {
    if (from > 0) await pause();
    runItems(item.run, list, output, from, Math.min(from + slice, list.length), ctx);
  }
  return ctx.issues.length ? { success: false, error: { issues: ctx.issues } } : { success: true, data: output };
}
