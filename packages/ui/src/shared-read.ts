/**
 * One read of the same thing at a time on a page, shared by whoever asks while it is in flight:
 * the roadmap and the feedback launcher each read the changelog's first page when their views
 * load, about at once, and one response serves both. Nothing is kept once the read has settled,
 * so a later read (a refresh) goes to the network.
 */

interface InFlight {
  promise: Promise<unknown>;
  abort: AbortController;
  callers: number;
}

/** Reads in flight by key, per fetch function (a widget given its own `fetch` shares only with its kind). */
const reads = new WeakMap<object, Map<string, InFlight>>();
const DEFAULT_FETCH = {};

/**
 * `read`'s answer for `key`, or that of the same read already in flight for `scope` (the `fetch`
 * function the read goes through; `undefined` for the page's own). `read` is given a signal that
 * aborts only once every caller's `signal` has; a caller that aborts is rejected with its reason
 * at once.
 */
export function sharedRead<T>(
  scope: object | undefined,
  key: string,
  read: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  signal?.throwIfAborted();
  let byKey = reads.get(scope ?? DEFAULT_FETCH);
  if (!byKey) {
    byKey = new Map();
    reads.set(scope ?? DEFAULT_FETCH, byKey);
  }
  const table = byKey;
  let entry = table.get(key);
  if (!entry) {
    const abort = new AbortController();
    const created: InFlight = { promise: Promise.resolve(), abort, callers: 0 };
    created.promise = read(abort.signal).finally(() => {
      if (table.get(key) === created) table.delete(key);
    });
    table.set(key, created);
    entry = created;
  }
  const shared = entry;
  shared.callers++;
  if (!signal) return shared.promise as Promise<T>;
  return new Promise<T>((resolve, reject) => {
    const leave = () => {
      shared.callers--;
      if (shared.callers === 0) {
        shared.abort.abort(signal.reason);
        if (table.get(key) === shared) table.delete(key);
      }
      reject(signal.reason);
    };
    signal.addEventListener('abort', leave, { once: true });
    shared.promise.then(
      (value) => {
        signal.removeEventListener('abort', leave);
        resolve(value as T);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', leave);
        reject(error);
      },
    );
  });
}
