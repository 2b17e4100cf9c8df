import type { AllowedOrigins } from '../http/cors.ts';
import type { UpstreamTransport } from '../http/upstream-transport.ts';
import type { LimiterFactory, RateLimitRule } from '../limits/rate-limit.ts';
import type { HoldReason } from './hold-reasons.ts';

/** One structured log line. It never holds the key, the identity token or a body. */
export interface ProxyLogEntry {
  level: 'info' | 'warn' | 'error';
  event: string;
  requestId?: string;
  status?: number;
  method?: string;
  path?: string;
  /** The template of the route that served it (`/api/v2/threads`), or `unmatched`. */
  route?: string;
  origin?: string;
  reason?: string;
  /** A thread create forwarded held for review: why (`honeypot`, `fill_time`, ...). */
  held?: readonly string[];
  durationMs?: number;
}

export interface ProxyOptions {
  /** Base URL of the Customer Feedback Service, e.g. `https://feedback.example.com`. */
  upstream: string;
  /**
   * A v2 key with exactly the `threads:write` scope (and `messages:write` with `messages`,
   * `changelogs:read` with `portal.changelog`). Never sent to browsers nor logged.
   */
  apiKey: string;
  /**
   * Origins allowed to call the proxy, e.g. `['https://www.example.com']`. An empty list refuses
   * every browser request; `'*'` allows any origin and must be written out explicitly.
   */
  allowedOrigins: readonly string[];
  /** Verify identity tokens (HS256 JWT with `email`, `name`, `exp`) signed by the host's backend. */
  identity?: {
    /** Shared secret, at least 32 bytes. */
    secret: string | Uint8Array;
    /** Refuse feedback without a valid token. Default false. */
    required?: boolean;
    /**
     * The `aud` a token must name (one of them, when a list). Default none: a token naming any
     * audience is refused, since it was issued for someone else (RFC 7519, 4.1.3).
     */
    audience?: string | readonly string[];
  };
  /** Start even when the key carries scopes beyond `threads:write`. Default false. */
  allowBroadKey?: boolean;
  /** Path prefix the proxy is mounted under, e.g. `/hearken` in a framework route. Default `''`. */
  basePath?: string;
  /** Largest accepted request body in bytes. Default 65,536. */
  maxBodyBytes?: number;
  /** Feedback filled in faster than this (milliseconds) is held for review (`fill_time`). Default 1,500. */
  minFillMs?: number;
  /**
   * Suspected spam is forwarded held for review (the service keeps it out of lists until an
   * operator releases it), and the sender is answered as if it were stored normally.
   */
  hold?: {
    /** The checks that hold a submission. Default all: honeypot, fill_time, rate, duplicate, links. `[]` holds nothing. */
    reasons?: readonly HoldReason[];
    /** `rate`: more feedback posts than `points` per `duration` seconds from one address. Default 5 per 600. */
    rate?: RateLimitRule;
    /** `duplicate`: the same text again within this many seconds, from anyone. Default 3,600. */
    duplicateSeconds?: number;
    /** `links`: more links than this in the text and title. Default 2. */
    maxLinks?: number;
  };
  /** Per-IP and per-identity limits on writes, and the key's fair share; `false` turns one off. */
  rateLimit?: {
    perIp?: RateLimitRule | false;
    perIdentity?: RateLimitRule | false;
    /**
     * Shares the key's write budget (learned from the service's X-RateLimit headers) fairly
     * between client addresses, so a few busy ones cannot use it up for everyone. `reserve` is
     * the fraction of the key's limit kept back (default 0.1). See the README's "Rate limits".
     */
    keyBudget?: { reserve?: number } | false;
    limiters?: LimiterFactory;
  };
  /**
   * Number of reverse proxies in front of this one whose `X-Forwarded-For` entries are trusted.
   * Default 0: the header is ignored and the socket address is used.
   */
  trustProxy?: number;
  /** A header the platform sets to the client address and clients cannot forge, e.g. `cf-connecting-ip`. */
  clientIpHeader?: string;
  /**
   * Also serve the three public portal reads, cached for `maxAgeSeconds` (default 60). Default off.
   * The receipts' issue titles and statuses are kept as long (60 seconds without portal mode).
   * With `changelog: true` it also serves the published changelog, page by page
   * (`GET /api/v2/changelogs`, `limit` and `cursor` only), read with the key, which must then
   * carry `changelogs:read` as well. Default false.
   */
  portal?: boolean | { maxAgeSeconds?: number; changelog?: boolean };
  /**
   * Screenshots: also forward `POST /api/v2/threads/{id}/messages` with one PNG, JPEG or WebP image,
   * for a thread this proxy created within the last hour. Each thread create then answers with
   * a ticket (the `X-Hearken-Ticket` header) signed with `ticketSecret` and bound to the thread,
   * which the message must send back. The key then needs `messages:write` too. Default off:
   * screenshots stay off until configured.
   */
  messages?: {
    /** Signs the tickets; at least 32 bytes. Keep it secret: anyone holding it can forge tickets. */
    ticketSecret: string | Uint8Array;
    /** Largest image accepted, in bytes (decoded). Default 2 MiB (2,097,152). */
    maxImageBytes?: number;
  };
  /**
   * Receipts (the service contract's "Receipts"): each thread create answers with a receipt (the
   * `X-Hearken-Receipt` header) signed by the proxy, bound to the thread and valid 400 days, with
   * which the browser reads that thread's state back (`GET /api/v2/threads/updates`) and takes an
   * upvote back (`DELETE /api/v2/threads/{id}`). On whenever the key carries `threads:read` (the
   * start logs `receipts_off` when it does not); `false` turns them off.
   */
  receipts?:
    | false
    | {
        /**
         * Signs the receipts; at least 32 bytes. Default: derived from `apiKey` (HMAC-SHA-256 of a
         * fixed label), so no new setting is needed; a new key then voids the receipts browsers hold.
         */
        secret?: string | Uint8Array;
      };
  /** Upstream request timeout in milliseconds. Default 10,000. */
  timeout?: number;
  /**
   * Custom fetch for upstream calls (tests, instrumentation). Default: the global `fetch`, except
   * that `createProxy` and `startProxy` from `@hearken/proxy` on Node send threads and portal
   * reads over a keep-alive undici connection pool, which costs far less per call.
   */
  fetch?: typeof fetch;
  /** Receives one entry per request and per notable event. Default: none. */
  log?: (entry: ProxyLogEntry) => void;
}

export interface ResolvedOptions {
  upstream: string;
  apiKey: string;
  origins: AllowedOrigins;
  identity: { secret: Uint8Array; required: boolean; audience: string[] | null } | null;
  allowBroadKey: boolean;
  basePath: string;
  maxBodyBytes: number;
  minFillMs: number;
  hold: { reasons: ReadonlySet<HoldReason>; rate: RateLimitRule; duplicateSeconds: number; maxLinks: number };
  perIp: RateLimitRule | false;
  perIdentity: RateLimitRule | false;
  /** The fraction of the key's limit kept back, or null when the key budget is not shared out. */
  keyBudgetReserve: number | null;
  limiters: LimiterFactory | null;
  trustProxy: number;
  clientIpHeader: string | null;
  portalMaxAgeSeconds: number | null;
  /** Whether the published changelog is served (only in portal mode). */
  portalChangelog: boolean;
  /** The message route's settings, or null when it is off. */
  messages: { ticketSecret: Uint8Array; maxImageBytes: number } | null;
  /** Receipts' settings (`secret` null: derived from the key), or null when turned off. */
  receipts: { secret: Uint8Array | null } | null;
  timeout: number;
  /** For the start-up check. */
  fetch: typeof fetch;
  /** For thread posts and portal reads. */
  transport: UpstreamTransport;
  log: (entry: ProxyLogEntry) => void;
}
