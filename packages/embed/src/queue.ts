/**
 * Hands `window.Hearken` over from the snippet's queue to the loaded API: replays the queued calls
 * in order, then forwards anything still pushed through an old reference to the stub.
 */
import type { HearkenApi } from './commands.ts';
import type { HearkenQueueStub } from './snippet.ts';

type HearkenGlobal = HearkenApi | HearkenQueueStub;

declare global {
  interface Window {
    Hearken?: HearkenGlobal;
  }
}

/** Installs `api` as `window.Hearken` unless another copy already did; returns the one in charge. */
export function adoptQueue(w: Window, api: HearkenApi): HearkenApi {
  const existing = w.Hearken;
  if (existing && 'loaded' in existing && existing.loaded) return existing;
  w.Hearken = api;
  if (existing && 'q' in existing) {
    const call = api as unknown as (...args: unknown[]) => Promise<void>;
    const queued = Array.from(existing.q as unknown as ArrayLike<ArrayLike<unknown>>);
    existing.q = { push: (args) => call(...Array.from(args)) };
    // Failures are already reported on the console by the API; nobody awaits a queued call.
    for (const args of queued) call(...Array.from(args)).catch(() => {});
  }
  return api;
}
