import { PROXY_RECEIPT_LIFETIME_S, RECEIPTS_MAX } from '@hearken/core/constants';

/**
 * What a browser asked for in a workspace (core's `requestsKey`), shared by the roadmap and the
 * feedback widgets so each hears back about what the other sent: the issues voted for and the
 * threads sent, each with its proxy receipt, the status seen last, and the last updates read
 * (with its ETag) to revalidate. Nothing else is kept.
 */

/** The latest the proxy said of one request. */
export interface RequestState {
  /** The thread's state (`NEW`, `PROCESSED`, ...). */
  state: string;
  updated_at: string;
  /** The issue's title and status in the workspace's words, when the thread is about one. */
  title?: string | undefined;
  status?: string | undefined;
}

/** One vote or sent thread. */
export interface AskedFor {
  /** The thread the proxy created (an `UPVOTE` for a vote). */
  thread: string;
  /** Its receipt (reading it back, taking a vote back). */
  receipt: string;
  /** When it was sent (ms since the epoch): receipts expire 400 days later. */
  at: number;
  /** The issue voted for or asked about. */
  issue?: string | undefined;
  /** The project voted for. */
  project?: string | undefined;
  /** Its title when sent, shown until the proxy says otherwise. */
  title?: string | undefined;
  /** What this browser last saw: the issue's status, else the thread's state. */
  seen?: string | undefined;
  /** What the last updates read said. */
  latest?: RequestState | undefined;
}

/** The stored record. */
export interface Requests {
  items: AskedFor[];
  /** The ETag of the updates read `latest` came from. */
  etag?: string | undefined;
}

export const NO_REQUESTS: Requests = { items: [] };

const isText = (value: unknown): value is string => typeof value === 'string';
const optionalText = (value: unknown) => (isText(value) ? value : undefined);

function readItem(value: unknown): AskedFor | null {
  const item = value as Partial<Record<keyof AskedFor, unknown>> | null;
  if (!item || !isText(item.thread) || !isText(item.receipt) || typeof item.at !== 'number') return null;
  const latest = item.latest as Partial<Record<keyof RequestState, unknown>> | undefined;
  return {
    thread: item.thread,
    receipt: item.receipt,
    at: item.at,
    issue: optionalText(item.issue),
    project: optionalText(item.project),
    title: optionalText(item.title),
    seen: optionalText(item.seen),
    latest:
      latest && isText(latest.state) && isText(latest.updated_at)
        ? {
            state: latest.state,
            updated_at: latest.updated_at,
            title: optionalText(latest.title),
            status: optionalText(latest.status),
          }
        : undefined,
  };
}

/** The stored record; anything unreadable, and receipts past their 400 days, read as gone. */
export function parseRequests(text: string | null, now = Date.now()): Requests {
  try {
    const value = JSON.parse(text ?? 'null') as { items?: unknown; etag?: unknown } | null;
    if (!value || !Array.isArray(value.items)) return NO_REQUESTS;
    const oldest = now - PROXY_RECEIPT_LIFETIME_S * 1000;
    const items = value.items.map(readItem).filter((item): item is AskedFor => item !== null && item.at > oldest);
    return { items, etag: optionalText(value.etag) };
  } catch {
    return NO_REQUESTS;
  }
}

export const serializeRequests = (requests: Requests): string | null =>
  requests.items.length === 0 ? null : JSON.stringify(requests);

/** With `item` added (or replacing the one of its thread). A new item voids the kept ETag. */
export const withRequest = (requests: Requests, item: AskedFor): Requests => ({
  items: [...requests.items.filter((kept) => kept.thread !== item.thread), item],
});

/** Without the thread's item. */
export const withoutRequest = (requests: Requests, thread: string): Requests => ({
  items: requests.items.filter((kept) => kept.thread !== thread),
});

/** What a request is now (the issue's status, else the thread's state), as far as is known. */
export const currentOf = (item: AskedFor): string | undefined =>
  item.latest ? (item.latest.status ?? item.latest.state) : undefined;

/** Whether it moved since this browser last saw it. */
export const hasMoved = (item: AskedFor): boolean => {
  const current = currentOf(item);
  return current !== undefined && current !== item.seen;
};

/** The receipts an updates read sends: the newest {@link RECEIPTS_MAX}. */
export const receiptsOf = (requests: Requests): string[] =>
  requests.items.slice(-RECEIPTS_MAX).map((item) => item.receipt);

/** The record after an updates read answered `updates` (with `etag`); threads it no longer lists are gone. */
export function applyUpdates(
  requests: Requests,
  asked: readonly string[],
  updates: readonly {
    id: string;
    state: string;
    updated_at: string;
    issue: { id: string; title: string; status: string } | null;
  }[],
  etag: string | undefined,
): Requests {
  const byId = new Map(updates.map((update) => [update.id, update]));
  const askedFor = new Set(asked);
  const items = requests.items.flatMap((item): AskedFor[] => {
    if (!askedFor.has(item.receipt)) return [item];
    const update = byId.get(item.thread);
    if (!update) return [];
    const latest: RequestState = {
      state: update.state,
      updated_at: update.updated_at,
      title: update.issue?.title,
      status: update.issue?.status,
    };
    // Seen at the first read when nothing was seen yet: moving starts from what the reader could know.
    return [{ ...item, latest, seen: item.seen ?? currentOf({ ...item, latest }) }];
  });
  return { items, etag };
}

/** Every item marked seen as it is now. */
export const markAllSeen = (requests: Requests): Requests =>
  requests.items.some(hasMoved)
    ? { ...requests, items: requests.items.map((item) => ({ ...item, seen: currentOf(item) ?? item.seen })) }
    : requests;
