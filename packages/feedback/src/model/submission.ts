import type { CreateThreadInput } from '@hearken/core';
import type { Screenshot } from './screenshot.ts';

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
  /** The screenshot that goes as a message on the thread once the thread is stored. */
  image?: Screenshot | undefined;
  /** The message's own Idempotency-Key, set with the image. */
  messageKey?: string | undefined;
  /** The thread, once the service stored it, with the proxy's ticket for its message. */
  thread?: { id: string; ticket?: string | undefined } | undefined;
}

/** Why a submission waits: no network, a 429, a 5xx/timeout/409, or an expired identity token. */
export type RetryReason = 'offline' | 'rate_limited' | 'unavailable' | 'identity';
