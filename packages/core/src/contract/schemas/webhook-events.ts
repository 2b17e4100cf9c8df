/**
 * What a webhook receiver gets: the event kinds, their payloads as a typed union, the Standard
 * Webhooks header names and the envelope check: the receiving side; registering endpoints is in
 * `webhooks.ts`.
 */
import * as z from 'zod/mini';
import type { V2Changelog } from './changelogs.ts';
import type { V2MessageRow } from './messages.ts';
import type { V2Company, V2Thread } from './v2.ts';
import type { V2Issue } from './v2-issues.ts';

/** Every event a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'thread.created',
  'thread.held',
  'thread.updated',
  'thread.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'contact.created',
  'message.created',
  'changelog.published',
  'issue.status_changed',
  'issue.updated',

  'thread.notify.chat',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Standard Webhooks header names, as the service sends them (lower case). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** Secrets are `whsec_` followed by the base64 of the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A contact as v2 events carry it. */
export interface V2Contact {
  id: string;
  email: string;
  name: string | null;
  company_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A message as the `message.created` event carries it: the v2 message row (`content`, and
 * `attachments` without their bytes) and the email fields of a reply sent with v1.
 */
export interface V2Message extends V2MessageRow {
  id: string;
  thread_id: string;
  type: 'INBOUND' | 'OUTBOUND';
  subject: string | null;
  from: unknown;
  to: unknown[];
  cc: unknown[];
  text_content: string | null;
  html_content: string | null;
  date: string;
}

/** The v2 field names whose values changed, on `*.updated` events. */
export interface Changed {
  changed_fields: string[];
}

interface Envelope<T extends WebhookEventType, D> {
  type: T;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  data: D;
}

/** What a receiver gets: one of these, told apart by `type`. */
export type WebhookEvent =
  | Envelope<'thread.created', V2Thread>
  /**
   * A thread was stored held (suspected spam: `moderation_reasons` says why) instead of created;
   * `thread.created` follows if it is released.
   */
  | Envelope<'thread.held', V2Thread>
  | Envelope<'thread.updated', V2Thread & Changed>
  | Envelope<'thread.deleted', V2Thread>
  | Envelope<'company.created', V2Company>
  | Envelope<'company.updated', V2Company & Changed>
  | Envelope<'company.deleted', V2Company>
  | Envelope<'contact.created', V2Contact>
  | Envelope<'message.created', V2Message>
  /** An entry became published: created published, or updated from unpublished to published. */
  | Envelope<'changelog.published', V2Changelog>
  /** An issue's `status` changed: the issue as it is now and the status it had before. */
  | Envelope<'issue.status_changed', IssueStatusChange>
  /** An issue's other fields changed (`changed_fields` names them; a status change alone is `issue.status_changed`). */
  | Envelope<'issue.updated', V2Issue & Changed>
  /**
   * `PATCH /insights/{id}` asked to tell the thread's contact by chat: the reference server has no
   * chat, so a bridge receives this and sends it.
   */
  | Envelope<'thread.notify.chat', V2Thread & Changed>;

/** The data of `issue.status_changed`. */
export interface IssueStatusChange {
  issue: V2Issue;
  previous_status: string;
}

/** The envelope every event shares; `data` is checked as an object, its shape is the type's. */
export const webhookEnvelopeSchema = /*@__PURE__*/ z.looseObject({
  type: /*@__PURE__*/ z.string(),
  timestamp: /*@__PURE__*/ z.string(),
  data: /*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown()),
});
