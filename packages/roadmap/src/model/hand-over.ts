import { absoluteUrl, type Prefetch } from '../prefetch.ts';

/**
 * A fetch that answers each prefetched GET once with its response, and passes everything else
 * (and any repeat) to `fetch`.
 */
export function handOver(prefetch: Prefetch | undefined, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = request?.url ?? (input instanceof URL ? input.href : String(input));
    const key = prefetch && method === 'GET' ? absoluteUrl(url) : undefined;
    const waiting = key === undefined ? undefined : prefetch?.get(key);
    if (key !== undefined && waiting) {
      prefetch!.delete(key);
      return waiting;
    }
    return fetch(input, init);
  };
}
