import type { CreateThreadInput } from '@hearken/core';

/** A file that goes with a submission, as an attachment of one message on its thread. */
export interface Attachment {
  blob: Blob;
  /** Its media type, e.g. `image/png`. */
  type: string;
  /** The file name it is sent under. */
  name: string;
  /** What the message says it is (`Screenshot`); several attachments' labels are joined. */
  label: string;
}

/** A submission the user sent, kept until the service has it. Its `key` is its Idempotency-Key for life. */
export interface QueuedSubmission {
  key: string;
  /** Proxy URL it goes to; each widget only flushes its own proxy's entries. */
  proxy: string;
  input: CreateThreadInput;
  /** Honeypot value and time taken to fill the form; see the proxy's spam signals. */
  honeypot: string;
  fillMs: number;
  attempts: number;
  /** Not sent before this time (ms since epoch), e.g. after a 429. */
  notBefore: number;
  /** Why the last attempt left it waiting; a 429's wait (`rate_limited`) holds every entry of its proxy. */
  waitingFor?: RetryReason | undefined;
  /** When it was queued (ms since epoch): the queue's order. */
  queuedAt?: number | undefined;
  /** Files that go as one message on the thread once the thread is stored. */
  attachments?: readonly Attachment[] | undefined;
  /** The message's own Idempotency-Key, set with the attachments. */
  messageKey?: string | undefined;
  /** The thread, once the service stored it, with the proxy's ticket for its message. */
  thread?: { id: string; ticket?: string | undefined; receipt?: string | undefined } | undefined;
}

/** Why a submission waits: no network, a 429, a 5xx/timeout/409, or an expired identity token. */
export type RetryReason = 'offline' | 'rate_limited' | 'unavailable' | 'identity';
