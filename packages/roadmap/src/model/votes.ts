import type { Persisted } from '@hearken/ui/model';
import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { describeError, type RoadmapError } from './load.ts';
import type { SendUpvote, UpvoteTarget } from './upvote-client.ts';

/** One issue's or project's vote, as signals: reading them re-renders only what shows this vote. */
export interface VoteState {
  /**
   * 1 while this reader's vote is not yet in the counts read from the service, -1 while a vote
   * taken back is still in them, else 0.
   */
  readonly added: ReadonlySignal<-1 | 0 | 1>;
  /** Whether this reader voted (now, or earlier in this browser). */
  readonly voted: ReadonlySignal<boolean>;
  /** Whether a second press takes the vote back (the proxy's receipt for it is kept). */
  readonly withdrawable: ReadonlySignal<boolean>;
  /** The vote is on its way. */
  readonly pending: ReadonlySignal<boolean>;
  /** Why the last vote failed (it was rolled back). */
  readonly error: ReadonlySignal<RoadmapError | undefined>;
}

interface Entry extends VoteState {
  readonly added: Signal<-1 | 0 | 1>;
  readonly pending: Signal<boolean>;
  readonly error: Signal<RoadmapError | undefined>;
  /** When the service confirmed the vote or its withdrawal (model clock), and the count it changed. */
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
  /** The thread and receipt of this reader's vote for the target, when kept. */
  receiptOf(target: Pick<UpvoteTarget, 'kind' | 'id'>): { thread: string; receipt: string } | undefined;
  onVoted(target: UpvoteTarget, upvotes: number, threadId: string, receipt: string | undefined): void;
  onWithdrawn(target: UpvoteTarget, threadId: string): void;
  onError(target: UpvoteTarget, error: RoadmapError): void;
}

export interface Votes {
  of(target: Pick<UpvoteTarget, 'kind' | 'id'>): VoteState;
  /** Votes; on an item already voted for, takes the vote back where it can. */
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
      const added = signal<-1 | 0 | 1>(0);
      const voted = computed(() => added.value === 1 || (added.value === 0 && remembered.value.has(key)));
      found = {
        added,
        voted,
        withdrawable: computed(
          () => voted.value && send.value?.withdraw !== undefined && options.receiptOf(target) !== undefined,
        ),
        pending: signal(false),
        error: signal<RoadmapError | undefined>(undefined),
      };
      entries.set(key, found);
    }
    return found;
  };

  /** Takes the vote back: out of the count at once, out of the stored votes once the proxy confirms. */
  async function withdraw(target: UpvoteTarget, item: Entry, sender: SendUpvote): Promise<void> {
    const held = options.receiptOf(target);
    if (!sender.withdraw || !held) return;
    const before = item.added.peek();
    const base = options.serverCount(target) ?? 0;
    batch(() => {
      // A vote not yet in the counts leaves nothing to take out of them.
      item.added.value = before === 1 ? 0 : -1;
      item.pending.value = true;
      item.error.value = undefined;
    });
    delete item.confirmed;
    try {
      await sender.withdraw(held.thread, held.receipt);
      if (item.added.peek() === -1) item.confirmed = { at: options.now(), base };
      stored.write((now) => (now.includes(keyOf(target)) ? now.filter((kept) => kept !== keyOf(target)) : now));
      options.onWithdrawn(target, held.thread);
    } catch (reason) {
      const error = describeError(reason);
      batch(() => {
        item.added.value = before;
        item.error.value = error;
      });
      options.onError(target, error);
    } finally {
      item.pending.value = false;
    }
  }

  return {
    of: entry,
    async vote(target) {
      const sender = send.peek();
      const item = entry(target);
      if (!sender || item.pending.peek()) return;
      if (item.voted.peek()) return withdraw(target, item, sender);
      const base = options.serverCount(target) ?? 0;
      batch(() => {
        item.added.value = 1;
        item.pending.value = true;
        item.error.value = undefined;
      });
      delete item.confirmed;
      try {
        const { threadId, receipt } = await sender(target);
        item.confirmed = { at: options.now(), base };
        stored.write((now) => (now.includes(keyOf(target)) ? now : [...now, keyOf(target)]));
        options.onVoted(target, base + 1, threadId, receipt);
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
