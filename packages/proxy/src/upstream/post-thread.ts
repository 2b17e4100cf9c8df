import { API_ERRORS, IDEMPOTENCY_KEY_HEADER, v2CreateThreadOperation } from '@hearken/core';
import type { ResolvedOptions } from '../config/options.ts';
import { errorReply, jsonTextReply, REQUEST_ID } from '../http/envelope.ts';
import type { Outcome } from '../http/exchange.ts';
import { type KeyWindow, keyWindowOf } from '../limits/key-budget.ts';

/** Upstream statuses whose v2 envelope concerns the caller's own input and can be shown as-is. */
const PASS_THROUGH = new Set<number>(
  (['invalid_request', 'not_found', 'idempotency_conflict', 'idempotency_key_reused'] as const).map(
    (code) => API_ERRORS[code].status,
  ),
);

// The transport takes header names in lower case.
const IDEMPOTENCY_KEY = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export interface UpstreamCall {
  /** The service path to post to; default the thread create's. */
  path?: string;
  body: unknown;
  requestId: string;
  idempotencyKey: string | null;
  clientIp: string | undefined;
}

/** The reply for the browser; `reason` says why the service's own was not passed on. */
export interface UpstreamOutcome extends Outcome {
  /** The key's rate-limit window as the service reported it, when it did. */
  window: KeyWindow | null;
}

function failure(requestId: string, reason: string, window: KeyWindow | null = null): UpstreamOutcome {
  return {
    reply: errorReply('upstream_error', 'The feedback service could not be reached', requestId),
    reason,
    window,
  };
}

function isEnvelope(value: unknown): boolean {
  const error = (value as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === 'string';
}

/**
 * Creates the thread (or, with `call.path`, the message) at the service with the proxy's key and
 * turns the reply into one safe for a browser:
 * success and input errors pass through, 429 keeps its Retry-After, 503 (the service's database is
 * away) keeps it too, anything else (the key was
 * refused, the service failed or is unreachable) becomes a 502 that reveals nothing upstream said.
 */
export async function postThread(options: ResolvedOptions, call: UpstreamCall): Promise<UpstreamOutcome> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
    [REQUEST_ID]: call.requestId,
  };
  if (call.idempotencyKey !== null) headers[IDEMPOTENCY_KEY] = call.idempotencyKey;
  if (call.clientIp) headers['x-forwarded-for'] = call.clientIp;
  const upstream = await options.transport(
    {
      method: v2CreateThreadOperation.method,
      base: options.upstream,
      path: call.path ?? v2CreateThreadOperation.path,
      headers,
      body: JSON.stringify(call.body),
    },
    options.timeout,
  );
  if (!upstream.ok) return failure(call.requestId, upstream.timedOut ? 'upstream_timeout' : 'upstream_unreachable');
  const text = upstream.text;
  const requestId = upstream.header(REQUEST_ID) ?? call.requestId;
  const window = keyWindowOf(upstream);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(requestId, `upstream_status_${upstream.status}_not_json`, window);
  }
  // What passes through is the service's own JSON text, checked above, not a re-serialisation.
  if (upstream.status === 200 || upstream.status === 201) {
    return { reply: jsonTextReply(upstream.status, text, requestId), window };
  }
  if (upstream.status === API_ERRORS.rate_limited.status) {
    // Without Retry-After the key's window says when writes open again; a minute if neither is known.
    const untilReset = window ? Math.max(1, Math.ceil(window.reset - Date.now() / 1000)) : 60;
    const retryAfter = upstream.header('retry-after') ?? String(untilReset);
    return {
      reply: errorReply('rate_limited', 'Too many requests to the feedback service', requestId, {
        headers: { 'retry-after': retryAfter },
      }),
      window,
    };
  }
  if (upstream.status === API_ERRORS.service_unavailable.status) {
    // The service is up but its database is away for a moment: the widget waits and retries.
    const retryAfter = upstream.header('retry-after');
    return {
      reply: errorReply('service_unavailable', 'The feedback service is briefly unavailable', requestId, {
        headers: { 'retry-after': retryAfter && /^\d{1,4}$/.test(retryAfter) ? retryAfter : '5' },
      }),
      reason: 'upstream_unavailable',
      window,
    };
  }
  if (PASS_THROUGH.has(upstream.status) && isEnvelope(body)) {
    return { reply: jsonTextReply(upstream.status, text, requestId), window };
  }
  return failure(requestId, `upstream_status_${upstream.status}`, window);
}
