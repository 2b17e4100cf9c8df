// Known workflow states in reading order (normalised: lower case, letters and digits only).
// Anything else follows them, alphabetically; items without a state come last.
const ORDER = [
  ['triage', 'backlog', 'unstarted'],
  ['planned', 'todo', 'next', 'upnext', 'considering', 'open'],
  ['started', 'inprogress', 'doing', 'building', 'active'],
  ['inreview', 'review', 'testing', 'beta'],
  ['paused', 'blocked', 'onhold'],
  ['completed', 'done', 'shipped', 'released', 'live', 'closed'],
  ['canceled', 'cancelled', 'duplicate', 'wontdo', 'wontfix'],
];

const RANK = new Map(ORDER.flatMap((names, rank) => names.map((name) => [name, rank] as const)));
// The last two rows of ORDER: work that shipped, and work that will not be done.
const CLOSED_FROM = ORDER.length - 2;

const normalise = (state: string) => state.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether a state closes an item to votes: it shipped (done, completed...) or will not be done
 * (canceled, duplicate...), in the tracker's words, any case.
 */
export function closesVoting(state: string | null): boolean {
  return state !== null && (RANK.get(normalise(state)) ?? -1) >= CLOSED_FROM;
}

// Code-unit order: stable and cheap; localeCompare would load collation data on first use.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A group of items sharing a state. `state` is `null` for items without one. */
export interface Group<T> {
  state: string | null;
  items: T[];
}

/**
 * Groups items by state in a sensible workflow order, each group sorted by `sortOrder`
 * (then by title, so equal orders stay stable).
 */
export function groupByState<T extends { sortOrder: number }>(
  items: readonly T[],
  stateOf: (item: T) => string | null,
  titleOf: (item: T) => string,
): Group<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const state = stateOf(item)?.trim() || null;
    const list = groups.get(state);
    if (list) list.push(item);
    else groups.set(state, [item]);
  }
  const rank = (state: string | null) =>
    state === null ? ORDER.length + 1 : (RANK.get(normalise(state)) ?? ORDER.length);
  return [...groups]
    .sort(([a], [b]) => rank(a) - rank(b) || compare(a ?? '', b ?? ''))
    .map(([state, list]) => ({
      state,
      items: list.sort((a, b) => a.sortOrder - b.sortOrder || compare(titleOf(a), titleOf(b))),
    }));
}
