/** Thread states, in the order the API lists them. */
export const THREAD_STATES = ['NEW', 'PROCESSED', 'COMPLETED', 'SNOOZED', 'UNSNOOZED'] as const;
export type ThreadState = (typeof THREAD_STATES)[number];

export const PAIN_LEVELS = ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type PainLevel = (typeof PAIN_LEVELS)[number];

export const THREAD_ORIGINS = [
  'INAPP',
  'PORTAL',
  'SUPPORT_PORTAL',
  'API',
  'CHAT',
  'CHAT_CONNECT',
  'SYSTEM_A',
  'SYSTEM_A_ATTACHMENT',
  'SYSTEM_B_ATTACHMENT',
  'SYSTEM_B',
  'SYSTEM_C_ATTACHMENT',
  'EMAIL',
  'AUTOMATION',
  'SYSTEM_D',
  'SYSTEM_E',
  'CALENDAR',
  'WIDGET',
  'AI_CHAT',
  'UPVOTE',
] as const;
export type ThreadOrigin = (typeof THREAD_ORIGINS)[number];

/**
 * A thread's moderation: `clear` (the default) is shown and counted as usual; `held` (suspected
 * spam) is stored whole but left out of default lists, upvote counts and notifications until released.
 */
export const MODERATION_STATES = ['clear', 'held'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** `moderation` filter of v2 `GET /threads`: `clear` is the default, `all` both. */
export const MODERATION_FILTERS = ['clear', 'held', 'all'] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

/**
 * Why a thread is held, as the key proxy and the service name it: a filled honeypot, a form sent
 * faster than a person fills it, too many posts from one address, the same text again, text heavy
 * with links, or held by hand (`POST /threads/bulk-update`). Other strings are accepted too.
 */
export const MODERATION_REASONS = ['honeypot', 'fill_time', 'rate', 'duplicate', 'links', 'manual'] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];
/** Most reasons one thread carries, and the longest reason, in characters. */
export const MODERATION_REASONS_MAX = 10;
export const MODERATION_REASON_MAX_LENGTH = 64;

export const MEMBER_ROLES = ['ADMIN', 'USER', 'VIEWER'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** `tab` filter of v2 `GET /threads`: `inbox` is NEW and UNSNOOZED; `all` is the default. */
export const THREAD_TABS = ['inbox', 'snoozed', 'completed', 'all'] as const;
export type ThreadTab = (typeof THREAD_TABS)[number];

/**
 * `state` filter of v2 `GET /changelogs`: `published` (the default) is published and not archived,
 * `draft` not yet published (and not archived), `archived` archived, `all` every entry.
 */
export const CHANGELOG_STATES = ['published', 'draft', 'archived', 'all'] as const;
export type ChangelogState = (typeof CHANGELOG_STATES)[number];

export const V2_SCOPES = [
  'threads:read',
  'threads:write',
  'messages:write',
  'comments:write',
  'contacts:read',
  'contacts:write',
  'companies:read',
  'companies:write',
  'changelogs:read',
  'changelogs:write',
  'docs:read',
  'docs:write',
  'portal:read',
  'projects:read',
  'projects:write',
  'issues:read',
  'issues:write',
  'admin',
] as const;
export type V2Scope = (typeof V2_SCOPES)[number];

/** The prefix of each key generation; 32 characters of [A-Za-z0-9] follow it. */
export const KEY_PREFIXES = { v1: 'cfs_v1_', v2: 'cfs_v2_' } as const;

/** Whole-key formats; the prefix alone (`cfs_v1_` / `cfs_v2_`) tells the generation. */
export const KEY_PATTERNS = {
  v1: /^cfs_v1_[A-Za-z0-9]{32}$/,
  v2: /^cfs_v2_[A-Za-z0-9]{32}$/,
} as const;

/** Most ids one bulk call may carry. */
export const BULK_MAX_IDS = 100;
/** Most issues one changelog entry may link (`issue_ids`). */
export const CHANGELOG_ISSUES_MAX = 50;
/** Longest issue `status` or `priority` a v2 issue update may set (the tracker's words, not an enum). */
export const ISSUE_LABEL_MAX_LENGTH = 100;
/** `take` of v1 `GET /contacts` when none is given. */
export const CONTACTS_TAKE_DEFAULT = 10;
/** Largest `take` of v1 `GET /contacts` (the API leaves the maximum open; the reference server holds to this). */
export const CONTACTS_TAKE_MAX = 100;
/** Page size limits of v2 lists. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
/**
 * Pattern every company domain must match (each domain also 1-63 characters, checked first).
 * Anchored only at the end, as the API states it, so `app.example.com` is accepted by its
 * `example.com` suffix (and `Acme.com` by `cme.com`). The API writes the first part as
 * `[0-9a-z-]+`; one character of it is enough for a suffix to match, and written so the engine
 * tries a fixed amount at each position: linear in the length, where `+` made it quadratic.
 */
export const DOMAIN_PATTERN = /[0-9a-z-]\.(?:(?:co|or|gv|ac|com)\.)?[a-z]{2,7}$/;

/** v2 thread `metadata`: at most this many entries, each a string value. */
export const METADATA_MAX_ENTRIES = 20;
/** A `metadata` key: 1-40 characters of letters, digits, `_`, `.` and `-`. */
export const METADATA_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;
/** Longest `metadata` value, in characters. */
export const METADATA_VALUE_MAX_LENGTH = 500;

/** Most attachments one v2 message may carry. */
export const MESSAGE_MAX_ATTACHMENTS = 5;
/** Largest `POST /threads/{id}/messages` body the reference service reads (413 beyond), base64 attachments included. */
export const MESSAGE_BODY_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The image types the key proxy forwards as a message attachment (judged by the bytes, not by the
 * declared type or the name); one image per message.
 */
export const PROXY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Longest side of a screenshot, in pixels: the widget scales a larger image down to it, and the
 * key proxy refuses an image that declares more.
 */
export const SCREENSHOT_MAX_SIDE = 1920;
export type ProxyImageType = (typeof PROXY_IMAGE_TYPES)[number];
/**
 * The key proxy's message ticket: an answer header of its thread create (exposed to CORS), to be
 * sent back as a request header of `POST /api/v2/threads/{id}/messages` for that thread. It
 * proves the proxy created the thread, and expires {@link PROXY_TICKET_LIFETIME_S} seconds later.
 */
export const PROXY_TICKET_HEADER = 'X-Hearken-Ticket';
/** How long a proxy ticket lets messages be added to its thread: one hour. */
export const PROXY_TICKET_LIFETIME_S = 3600;

/**
 * The key proxy's receipt: an answer header of its thread create (exposed to CORS) that lets the
 * browser read that thread's state back (`GET /api/v2/threads/updates`) and take an upvote back
 * (`DELETE /api/v2/threads/{id}`), sent as `Authorization: Receipt <receipt>, <receipt>...`.
 * It expires {@link PROXY_RECEIPT_LIFETIME_S} seconds after the thread's creation.
 */
export const PROXY_RECEIPT_HEADER = 'X-Hearken-Receipt';
/** The `Authorization` scheme receipts travel under. */
export const RECEIPT_AUTH_SCHEME = 'Receipt';
/** How long a receipt lets its thread be read back: 400 days. */
export const PROXY_RECEIPT_LIFETIME_S = 400 * 24 * 60 * 60;
/** Most receipts one updates read may carry (400 beyond); a browser sends its newest. */
export const RECEIPTS_MAX = 100;

/** Header of the key that makes a write safe to repeat (decisions.md: replay, 409 in flight, 422 reused). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** An Idempotency-Key value: 1-255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Set on an answer that is the replay of an earlier one with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** The request id of every answer (and of v2 error bodies, as `request_id`). */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/**
 * The feedback widget's spam signals, read by the key proxy. They travel as headers so the thread
 * body keeps the API's shape: the hidden honeypot field's value (empty for people), and the
 * milliseconds from the form opening to its submission.
 */
export const HONEYPOT_HEADER = 'X-Hearken-Hp';
export const FILL_TIME_HEADER = 'X-Hearken-Fill-Ms';
/** The rate-limit state every v2 answer carries, for the caller's method class. */
export const RATE_LIMIT_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  /** Unix seconds. */
  reset: 'X-RateLimit-Reset',
} as const;

/**
 * An email address by the HTML rule for `<input type="email">`, so a form field and the client
 * agree.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
