/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` with the base64-decoded part of a `whsec_` secret, sent as
 * `v1,<base64>`; several space-separated while a rotated secret still signs. WebCrypto only, so
 * the same code runs in Node, Workers and browsers.
 */
import {
  WEBHOOK_HEADERS,
  WEBHOOK_SECRET_PREFIX,
  type WebhookEvent,
  webhookEnvelopeSchema,
} from '../contract/schemas/webhook-events.ts';

export type WebhookVerificationReason =
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'no_matching_signature'
  | 'invalid_payload';

/** Why a delivery was not accepted; `reason` tells it without parsing the message. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time in ms; for tests. Default `Date.now`. */
  now?: () => number;
}

/** Headers as fetch (`Headers`), Node (`IncomingHttpHeaders`) or a plain object gives them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

const encoder = new TextEncoder();

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  const raw = fromBase64(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
  );
  if (!raw || raw.length === 0)
    throw new WebhookVerificationError('invalid_secret', 'The webhook secret is not base64');
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

const toSign = (id: string, timestamp: number | string, body: string | Uint8Array): Uint8Array<ArrayBuffer> => {
  const head = encoder.encode(`${id}.${timestamp}.`);
  const tail = typeof body === 'string' ? encoder.encode(body) : body;
  const all = new Uint8Array(head.length + tail.length);
  all.set(head);
  all.set(tail, head.length);
  return all;
};

/**
 * The `webhook-signature` value for a message: one `v1,<base64>` per secret, space-separated.
 * The service signs with this; a receiver's tests can too.
 */
export async function signWebhook(
  secrets: string | readonly string[],
  id: string,
  timestamp: number,
  body: string | Uint8Array,
): Promise<string> {
  const data = toSign(id, timestamp, body);
  const signatures = await Promise.all(
    (typeof secrets === 'string' ? [secrets] : secrets).map(async (secret) => {
      const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), data);
      return `v1,${toBase64(mac)}`;
    }),
  );
  return signatures.join(' ');
}

/**
 * Checks a delivery and returns its event. Give the body exactly as received (before any JSON
 * parsing), the request headers, and the endpoint's secret (or several, e.g. while rotating on
 * your side). Throws `WebhookVerificationError` whose `reason` says why: `missing_header`,
 * `invalid_timestamp` or `timestamp_out_of_tolerance` (replays, clock skew), `no_matching_signature`,
 * `invalid_secret` (not base64 after `whsec_`) or `invalid_payload` (signed, but not a
 * `{type, timestamp, data}` event). Signatures are compared by WebCrypto's `verify`, in constant time.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const { toleranceSeconds = 300, now = Date.now } = options;
  const id = headerOf(headers, WEBHOOK_HEADERS.id);
  const timestamp = headerOf(headers, WEBHOOK_HEADERS.timestamp);
  const signature = headerOf(headers, WEBHOOK_HEADERS.signature);
  for (const [name, value] of [
    [WEBHOOK_HEADERS.id, id],
    [WEBHOOK_HEADERS.timestamp, timestamp],
    [WEBHOOK_HEADERS.signature, signature],
  ] as const) {
    if (!value) throw new WebhookVerificationError('missing_header', `The ${name} header is missing`);
  }
  if (!/^\d{1,15}$/.test(timestamp!)) {
    throw new WebhookVerificationError('invalid_timestamp', 'The webhook-timestamp header is not a Unix time');
  }
  const skew = Math.abs(now() / 1000 - Number(timestamp));
  if (skew > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `The webhook-timestamp is ${Math.round(skew)} s from now (tolerance ${toleranceSeconds} s)`,
    );
  }
  const data = toSign(id!, timestamp!, rawBody);
  const candidates = signature!
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => fromBase64(part.slice(3)))
    .filter((bytes) => bytes !== undefined);
  let matched = false;
  for (const key of await Promise.all(
    (typeof secret === 'string' ? [secret] : secret).map((s) => hmacKey(s, 'verify')),
  )) {
    for (const candidate of candidates) {
      if (await crypto.subtle.verify('HMAC', key, candidate, data)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError('no_matching_signature', 'No webhook signature matches the secret');
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The webhook body is not JSON');
  }
  if (!webhookEnvelopeSchema.safeParse(event).success) {
    throw new WebhookVerificationError('invalid_payload', 'The webhook body is not a {type, timestamp, data} event');
  }
  return event as WebhookEvent;
}
