import { isNull } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { apiKeys } from '../db/schema.ts';
import type { KeyHolder } from '../services/api-keys.ts';

/** How long a verified key is trusted without a database read, unless configured: a revoked key works at most this long. */
export const DEFAULT_KEY_CACHE_SECONDS = 5;
/** How many verified keys one process remembers, unless configured. */
export const DEFAULT_KEY_CACHE_SIZE = 10_000;
/** How often, at most, the list of live key hashes is read again when a flood makes it needed. */
const KNOWN_REFRESH_MS = 60_000;

/**
 * Where revocations are announced to every server process (Redis pub/sub in `startServer`): a
 * message is a revoked key's id, or `*` for "forget every key".
 */
export interface RevocationChannel {
  /** Tells every process (this one included) that `keyId` is revoked. */
  publish(keyId: string): Promise<void>;
  /** Calls `listener` with each announced key id. */
  subscribe(listener: (keyId: string) => void): void;
}

/** The Redis channel revocations are announced on; an operator revoking a key in the database publishes its id there. */
export const REVOCATION_CHANNEL = 'hearken:api-keys:revoked';

/** What `createServer` keeps of verified keys. */
export interface KeyCacheOptions {
  /** Seconds a verified key is trusted without a database read. Default {@link DEFAULT_KEY_CACHE_SECONDS}. */
  seconds?: number;
  /** Verified keys remembered, least recently used forgotten first. Default {@link DEFAULT_KEY_CACHE_SIZE}. */
  size?: number;
  /** Revocations announced by other processes, applied at once. Default: none (each process within `seconds`). */
  revocations?: RevocationChannel | undefined;
}

/** How a presented key's hash stands before any lookup. */
export type KeyStanding =
  /** Verified within the cache's lifetime: its holder, no read needed. */
  | { kind: 'fresh'; holder: KeyHolder }
  /** A hash of a key that exists (verified before, or listed): worth a lookup even from a flooded address. */
  | { kind: 'known' }
  | { kind: 'unknown' };

export interface KeyCache {
  standing(hash: string, now: number): KeyStanding;
  /** Whether `hash` is on the list of live keys (read at most once a minute, and only when asked). */
  listed(hash: string, now: number): Promise<boolean>;
  /** Remembers a key the database just vouched for. */
  verified(hash: string, holder: KeyHolder, now: number): void;
  /** Forgets a key that the database no longer vouches for. */
  forget(hash: string): void;
}

/**
 * Verified API keys by secret hash, bounded (least recently used evicted) and trusted for a few
 * seconds: a valid key is recognised without a database read, and a key this process has verified
 * before, or that is on the list of live keys, is looked up even from an address past its limit.
 * Only hashes are held, never a secret.
 */
export function createKeyCache(orm: Orm, options: KeyCacheOptions = {}): KeyCache {
  const lifetimeMs = (options.seconds ?? DEFAULT_KEY_CACHE_SECONDS) * 1000;
  const size = options.size ?? DEFAULT_KEY_CACHE_SIZE;
  const entries = new Map<string, { holder: KeyHolder; at: number }>();
  let listed: { hashes: Set<string>; at: number } | undefined;
  let listing: Promise<Set<string>> | undefined;
  options.revocations?.subscribe((keyId) => {
    listed = undefined;
    if (keyId === '*') entries.clear();
    for (const [hash, entry] of entries) if (entry.holder.keyId === keyId) entries.delete(hash);
  });
  const readListed = async (now: number) => {
    const rows = await orm
      .select({ hash: apiKeys.secretHash })
      .from(apiKeys)
      .where(isNull(apiKeys.revokedAt))
      .limit(size);
    listed = { hashes: new Set(rows.map((row) => row.hash)), at: now };
    return listed.hashes;
  };
  return {
    standing(hash, now) {
      const entry = entries.get(hash);
      if (!entry) return { kind: 'unknown' };
      // Touched: the map's order is least recently used first.
      entries.delete(hash);
      entries.set(hash, entry);
      return now - entry.at < lifetimeMs ? { kind: 'fresh', holder: entry.holder } : { kind: 'known' };
    },
    async listed(hash, now) {
      if (listed && now - listed.at < KNOWN_REFRESH_MS) return listed.hashes.has(hash);
      // One read for every request waiting on it.
      listing ??= readListed(now).finally(() => {
        listing = undefined;
      });
      return (await listing).has(hash);
    },
    verified(hash, holder, now) {
      entries.delete(hash);
      entries.set(hash, { holder, at: now });
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    },
    forget(hash) {
      entries.delete(hash);
      listed?.hashes.delete(hash);
    },
  };
}
