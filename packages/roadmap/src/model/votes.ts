import type { Persisted } from '@hearken/ui/model';
import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { describeError, type RoadmapError } from './load.ts';
import type { SendUpvote, UpvoteTarget } from './upvote-client.ts';

/** One issue's or project's vote, as signals: reading them re-renders only what shows this vote. */
export interface VoteState {
  /** 1 while this reader's vote is not yet in the counts read from the service, else 0. */
  readonly added: ReadonlySignal<0 | 1>;
  /** Whether this reader voted (now, or earlier in this browser). */
  readonly voted: ReadonlySignal<boolean>;
  /** The vote is on its way. */
  readonly pending: ReadonlySignal<boolean>;
  /** Why the last vote failed (it was rolled back). */
  readonly error: ReadonlySignal<RoadmapError | undefined>;
}

interface Entry extends VoteState {
  readonly added: Signal<0 | 1>;
  readonly pending: Signal<boolean>;
  readonly error: Signal<RoadmapError | undefined>;
  /** When the service confirmed the vote (model clock), and the count the vote was added to. */
  confirmed?: { at: number; base: number };
}

export interface VotesOptions {
  /** The sender, or `null` when voting is off (no proxy). */
  send: ReadonlySignal<SendUpvote | null>;
  /** The votes stored for this workspace (`kind:id` each). */
  stored: Persisted<readonly string[]>;
  /** The service's count for the target in the data shown now (`undefined` when it is not there). */
  serverCount(target: Pick<UpvoteTarget, 'kind' | 'id'>): number | undefined;
  now(): number;
  onVoted(target: UpvoteTarget, upvotes: number, threadId: string): void;
  onError(target: UpvoteTarget, error: RoadmapError): void;
}

export interface Votes {
  of(target: Pick<UpvoteTarget, 'kind' | 'id'>): VoteState;
  vote(target: UpvoteTarget): Promise<void>;
  /**
   * A read that started at `startedAt` has arrived: it supersedes each optimistic vote the
   * service had confirmed before that and whose count it shows changed.
   */
  settle(startedAt: number): void;
}

const keyOf = (target: Pick<UpvoteTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

/**
 * Optimistic upvotes. A vote shows at once, is sent, and is rolled back with an error when it
 * fails. It stays added to the count until a read newer than the vote arrives: one requested
 * after the service confirmed the vote and showing that item's count changed. A read served from a
 * cache older than the vote (the browser's, or the proxy's, up to a minute) shows the old count
 * and so leaves the vote in place; the Date and Age headers that would say so directly are not
 * readable across origins.
 */
export function createVotes(options: VotesOptions): Votes {
  const { send, stored } = options;
  const remembered = computed(() => new Set(stored.value.value));
  const entries = new Map<string, Entry>();

  const entry = (target: Pick<UpvoteTarget, 'kind' | 'id'>): Entry => {
    const key = keyOf(target);
    let found = entries.get(key);
    if (!found) {
      const added = signal<0 | 1>(0);
      found = {
        added,
        voted: computed(() => added.value === 1 || remembered.value.has(key)),
        pending: signal(false),
        error: signal<RoadmapError | undefined>(undefined),
      };
      entries.set(key, found);
    }
    return found;
  };

  return {
    of: entry,
    async vote(target) {
      const sender = send.peek();
      const item = entry(target);
      if (!sender || item.voted.peek() || item.pending.peek()) return;
      const base = options.serverCount(target) ?? 0;
      batch(() => {
        item.added.value = 1;
        item.pending.value = true;
        item.error.value = undefined;
      });
      delete item.confirmed;
      try {
        const { threadId } = await sender(target);
        item.confirmed = { at: options.now(), base };
        stored.write((now) => (now.includes(keyOf(target)) ? now : [...now, keyOf(target)]));
        options.onVoted(target, base + 1, threadId);
      } catch (reason) {
        const error = describeError(reason);
        batch(() => {
          item.added.value = 0;
          item.error.value = error;
        });
        options.onError(target, error);
      } finally {
        item.pending.value = false;
      }
    },
    settle(startedAt) {
      batch(() => {
        for (const [key, item] of entries) {
          const { confirmed } = item;
          if (!confirmed || item.added.peek() === 0 || startedAt < confirmed.at) continue;
          const [kind, id] = key.split(/:(.*)/s) as ['issue' | 'project', string];
          if (options.serverCount({ kind, id }) !== confirmed.base) {
            item.added.value = 0;
            delete item.confirmed;
          }
        }
      });
    },
  };
}

/** A stored JSON list of strings; anything else reads as empty. */
export function parseList(value: string | null): string[] {
  try {
    const list: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
