import { FILL_TIME_HEADER, HONEYPOT_HEADER, type OperationOutput, type v2CreateThreadOperation } from '@hearken/core';
import type { ProxyRequest } from '../http/exchange.ts';
import type { ProxiedThread } from './thread-input.ts';

/** Returns why the submission looks automated, or null. Upvotes are one click, so no fill time applies. */
export function spamReason(request: ProxyRequest, thread: ProxiedThread, minFillMs: number): string | null {
  if ((request.header(HONEYPOT_HEADER) ?? '') !== '') return 'honeypot';
  const fill = request.header(FILL_TIME_HEADER);
  if (thread.origin === 'WIDGET' && fill !== null) {
    const ms = Number(fill);
    if (!Number.isFinite(ms) || ms < minFillMs) return 'too_fast';
  }
  return null;
}

/** What a stored thread would look like, so a bot cannot tell it was dropped. */
export function decoyRow(thread: ProxiedThread): OperationOutput<typeof v2CreateThreadOperation> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    title: thread.title ?? null,
    text: thread.text,
    state: 'NEW',
    pain_level: thread.pain_level ?? 'UNKNOWN',
    origin: thread.origin,
    contact: thread.contact_email
      ? { id: crypto.randomUUID(), email: thread.contact_email, name: thread.contact_name ?? null }
      : null,
    company_id: null,
    assignee_id: null,
    project_id: thread.project_id ?? null,
    issue_id: thread.issue_id ?? null,
    snoozed_until: null,
    metadata: thread.metadata ?? {},
    created_at: now,
    updated_at: now,
  };
}
