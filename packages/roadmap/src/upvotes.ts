import { useEffect, useMemo, useState } from 'preact/hooks';
import { describeError, type RoadmapError } from './data.ts';
import { useStoredValue } from './storage.ts';
import { sendUpvote, type UpvoteTarget } from './upvote-client.ts';

export type { UpvoteTarget } from './upvote-client.ts';

export interface UpvoteSource {
  proxy: string | null | undefined;
  workspace: string;
  fetch?: typeof globalThis.fetch | undefined;
  /** Changes whenever fresh counts arrive from the server (they then include our votes). */
  data: unknown;
  onVoted(target: UpvoteTarget, upvotes: number, threadId: string): void;
  onError(target: UpvoteTarget, error: RoadmapError): void;
}

/** The voting state the views need for one item. */
export interface Upvotes {
  enabled: boolean;
  /** The count to show: the server's plus this reader's vote while it is not yet reflected. */
  count(target: UpvoteTarget, server: number): number;
  voted(target: UpvoteTarget): boolean;
  pending(target: UpvoteTarget): boolean;
  error(target: UpvoteTarget): RoadmapError | undefined;
  vote(target: UpvoteTarget, server: number): void;
}

const keyOf = (target: UpvoteTarget) => `${target.kind}:${target.id}`;

/**
 * Hook: optimistic upvotes. A vote shows at once, is sent through the proxy, and is rolled back
 * with an error when it fails. Votes are remembered per workspace (in localStorage) so a reader
 * is not offered the same vote twice.
 */
export function useUpvotes(source: UpvoteSource): Upvotes {
  const { proxy, workspace, fetch, data } = source;
  const [stored, store] = useStoredValue(`hearken:votes:${workspace}`);
  const voted = useMemo(() => new Set<string>(parseList(stored)), [stored]);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Readonly<Record<string, RoadmapError>>>({});

  // Fresh server counts include our votes. Update only when there is something to clear: with
  // Preact 11.2 a no-op functional update here was seen to swallow the next optimistic vote.
  useEffect(() => {
    if (added.size) setAdded(new Set());
  }, [data]);

  const update = <T>(set: (updater: (value: ReadonlySet<T>) => ReadonlySet<T>) => void, key: T, on: boolean) =>
    set((value) => {
      const next = new Set(value);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const isVoted = (key: string) => voted.has(key) || added.has(key);

  return {
    enabled: Boolean(proxy),
    count: (target, server) => server + (added.has(keyOf(target)) ? 1 : 0),
    voted: (target) => isVoted(keyOf(target)),
    pending: (target) => pending.has(keyOf(target)),
    error: (target) => errors[keyOf(target)],
    vote(target, server) {
      const key = keyOf(target);
      if (!proxy || isVoted(key) || pending.has(key)) return;
      update(setAdded, key, true);
      update(setPending, key, true);
      setErrors(({ [key]: _, ...rest }) => rest);
      sendUpvote(proxy, target, fetch)
        .then(({ threadId }) => {
          store((now) => JSON.stringify([...new Set([...parseList(now), key])]));
          source.onVoted(target, server + 1, threadId);
        })
        .catch((reason: unknown) => {
          const error = describeError(reason);
          update(setAdded, key, false);
          setErrors((all) => ({ ...all, [key]: error }));
          source.onError(target, error);
        })
        .finally(() => update(setPending, key, false));
    },
  };
}

function parseList(value: string | null): string[] {
  try {
    const list: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
