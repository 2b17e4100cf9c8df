import {
  findUnstorable,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type OperationBody,
  type OperationBodyInput,
  safeParse,
  v2CreateThreadOperation,
} from '@hearken/core';
import { jsonObject } from '../http/body.ts';
import { invalidField } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';

/**
 * The only fields of the thread-create body a browser may set (decisions.md, "Widget traffic
 * through the key proxy"): an allowlist, so a field the API gains later is refused until added here.
 */
export const FORWARDED_FIELDS = [
  'text',
  'title',
  'pain_level',
  'contact_email',
  'contact_name',
  'project_id',
  'issue_id',
  'metadata',
  'notify_contact',
] as const satisfies readonly (keyof OperationBodyInput<typeof v2CreateThreadOperation>)[];

type ForwardedField = (typeof FORWARDED_FIELDS)[number];

/** A thread as the proxy forwards it: the allowed fields, checked by the operation's body schema, and its origin. */
export type ProxiedThread = Pick<OperationBody<typeof v2CreateThreadOperation>, ForwardedField> & {
  origin: 'WIDGET' | 'UPVOTE';
};

export type ThreadInputResult = { ok: true; thread: ProxiedThread } | { ok: false; field: string; message: string };

const forwarded = new Set<string>(FORWARDED_FIELDS);

function fail(field: string, message: string): ThreadInputResult {
  return { ok: false, field, message };
}

/**
 * Parses a widget's thread body: only the forwarded fields, each a string, and `origin` forced to
 * WIDGET, or UPVOTE when asked for and tied to an issue or project. Anything else is refused by name.
 */
export function parseThreadInput(text: string): ThreadInputResult {
  const value = jsonObject(text);
  if (!value) return fail('body', 'body must be a JSON object');
  // What the service cannot store (NUL, a lone surrogate, a nested `__proto__`), at any depth: refused here, at no call.
  const unstorable = findUnstorable(value);
  if (unstorable) return fail(unstorable.path, `${unstorable.path}: ${unstorable.message}`);
  const thread: Partial<Record<ForwardedField, unknown>> = {};
  let origin: ProxiedThread['origin'] = 'WIDGET';
  for (const key of Object.keys(value)) {
    const field: unknown = value[key];
    if (key === 'origin') {
      if (typeof field !== 'string') return fail('origin', 'origin must be a string');
      origin = field === 'UPVOTE' ? 'UPVOTE' : 'WIDGET';
      continue;
    }
    if (!forwarded.has(key)) return fail(key, `Field "${key}" is not accepted by the proxy`);
    if (field === null || field === undefined) continue;
    // Page context: an object of strings, under core's limits, checked below with the rest.
    if (key === 'metadata') {
      thread.metadata = field;
      continue;
    }
    // "Email me when this changes": the one field that is no string.
    if (key === 'notify_contact') {
      if (typeof field !== 'boolean') return fail(key, `${key} must be a boolean`);
      thread.notify_contact = field;
      continue;
    }
    if (typeof field !== 'string') return fail(key, `${key} must be a string`);
    thread[key as ForwardedField] = field;
  }
  if (typeof thread.text !== 'string' || thread.text.trim() === '') return fail('text', 'text is required');
  // The service's own rules (email format, pain level values, ...) and its words for them: the operation's body schema.
  const checked = safeParse(v2CreateThreadOperation.body, thread);
  if (!checked.success) {
    const issue = checked.issues[0];
    // A metadata issue names its key too: `metadata.page`.
    const field = issue?.path.length ? issue.path.map(String).join('.') : 'body';
    return fail(field, `${field}: ${issue?.message ?? 'invalid value'}`);
  }
  if (origin === 'UPVOTE' && !checked.data.issue_id && !checked.data.project_id) {
    return fail('issue_id', 'An upvote needs issue_id or project_id');
  }
  return { ok: true, thread: { ...checked.data, origin } };
}

const IDEMPOTENCY_MESSAGE = `${IDEMPOTENCY_KEY_HEADER} must be 1-255 visible ASCII characters`;

/** What the write path forwards: the checked thread and the Idempotency-Key the widget sent. */
export interface WriteInput {
  thread: ProxiedThread;
  idempotencyKey: string | null;
}

/** The thread in a write's body and its Idempotency-Key header, or 400 naming the field at fault. */
export function readWriteInput(request: ProxyRequest, body: string, requestId: string): WriteInput | Outcome {
  const input = parseThreadInput(body);
  if (!input.ok) return { reply: invalidField(input.field, input.message, requestId), reason: 'invalid_field' };
  const idempotencyKey = request.header(IDEMPOTENCY_KEY_HEADER);
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    return {
      reply: invalidField(IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGE, requestId),
      reason: 'invalid_field',
    };
  }
  return { thread: input.thread, idempotencyKey };
}
