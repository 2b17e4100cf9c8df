import { ResponseShapeError } from '../contract/errors.ts';

/** One page as an iterator sees it: its items, and where the next page starts (undefined: last page). */
export interface PageStep<P, T> {
  items: readonly T[];
  next: P | undefined;
}

/**
 * Yields every item of every page, in order, loading a page only when the previous one is used up.
 * `load(undefined)` loads the first page.
 */
export async function* paginate<P, T>(load: (position: P | undefined) => Promise<PageStep<P, T>>): AsyncGenerator<T> {
  let position: P | undefined;
  do {
    const page = await load(position);
    yield* page.items;
    position = page.next;
  } while (position !== undefined);
}

/** A page that says there is more but gives no way forward would loop for ever; refuse it. */
export function stalled(method: string, url: string, path: PropertyKey[], message: string): ResponseShapeError {
  return new ResponseShapeError([{ path, code: 'stalled_paging', message }], method, url);
}
