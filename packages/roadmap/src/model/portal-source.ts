import {
  createPortalClient,
  createThreadUpdatesReader,
  type PortalClient,
  type ThreadUpdatesReader,
} from '@hearken/core';
import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { type RoadmapSource, SOURCE } from '../options.ts';
import { type Prefetch, resolveApiBase } from '../prefetch.ts';
import { handOver } from './hand-over.ts';
import { type SendUpvote, upvoteSender } from './upvote-client.ts';

/** Where the model reads and votes: its source, and the clients made for it. */
export interface PortalSource {
  /** The source as last set (empty values as `undefined`). */
  readonly current: ReadonlySignal<RoadmapSource>;
  /**
   * The portal client. It keeps an ETag cache, so it lives as long as its origin and fetch do (a
   * language change keeps it).
   */
  readonly client: ReadonlySignal<PortalClient>;
  /** The upvote sender, or `null` without a proxy. */
  readonly sender: ReadonlySignal<SendUpvote | null>;
  /** The proxy's URL, or `null`. */
  readonly proxy: ReadonlySignal<string | null>;
  /** A reader of the proxy's updates on what this browser asked for. */
  updatesReader(): ThreadUpdatesReader;
  /** Takes the fields `changes` names; only a real change notifies (and drops the prefetched reads). */
  set(changes: RoadmapSource): void;
}

const pick = (source: RoadmapSource): RoadmapSource =>
  Object.fromEntries(SOURCE.map((name) => [name, source[name] || undefined]));

const same = (a: RoadmapSource, b: RoadmapSource) => SOURCE.every((name) => a[name] === b[name]);

/** The source `initial` names; the client first answers with `prefetch`'s responses, each once. */
export function createPortalSource(initial: RoadmapSource, prefetch?: Prefetch): PortalSource {
  const current = signal(pick(initial));
  let early = prefetch;
  const baseUrl = computed(() => resolveApiBase(current.value));
  const fetch = computed(() => current.value.fetch);
  const proxy = computed(() => current.value.proxy);
  return {
    current,
    client: computed(() => {
      const given = fetch.value;
      return createPortalClient({
        baseUrl: baseUrl.value,
        fetch: (input, init) => handOver(early, given ?? globalThis.fetch)(input, init),
      });
    }),
    sender: computed(() => (proxy.value ? upvoteSender(proxy.value, fetch.value) : null)),
    proxy: computed(() => proxy.value ?? null),
    updatesReader: () => createThreadUpdatesReader({ baseUrl: proxy.peek() ?? '', fetch: fetch.peek() }),
    set(changes) {
      const merged = pick({ ...current.peek(), ...changes });
      if (same(merged, current.peek())) return;
      // Reads started for another source would show the wrong data.
      early = undefined;
      current.value = merged;
    },
  };
}
