import { type CreateThreadInput, newIdempotencyKey } from '@hearken/core';
import { emit, errorDetail } from '@hearken/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EmitFeedback } from '../events.ts';
import { Outbox, type QueuedSubmission, type SendOutcome } from '../submit/outbox.ts';
import { createSender } from '../submit/send.ts';
import type { KeyValueStore } from '../submit/storage.ts';

// Typed here rather than imported from events.ts, so the form shares no module with the launcher.
const emitFeedback = emit as EmitFeedback;

/** What the form shows about its latest submission: a state before any answer, or the outcome of its last attempt. */
export type SubmissionStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'queue_full' } | SendOutcome;

export interface SubmissionOptions {
  host: HTMLElement;
  proxy: string;
  identityToken: string | undefined;
  fetch: typeof fetch | undefined;
  store: KeyValueStore;
  /** Called when a submission is confirmed, including ones queued on an earlier visit. */
  onSent: (submission: QueuedSubmission) => void;
}

function sameInput(a: CreateThreadInput, b: CreateThreadInput): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Submission through the offline queue: each submission is stored before it is sent and keeps
 * its Idempotency-Key until the service confirms it. Queued entries are sent again when the
 * browser comes back online, when their wait is over, and on the next page load.
 */
export function useSubmission(options: SubmissionOptions) {
  const { host, proxy, identityToken, store } = options;
  const [status, setStatus] = useState<SubmissionStatus>({ kind: 'idle' });
  const outbox = useMemo(() => new Outbox(store), [store]);
  const sender = useMemo(
    () => createSender({ proxy, identityToken, fetch: options.fetch }),
    [proxy, identityToken, options.fetch],
  );
  const current = useRef<string | null>(null);
  const announcedQueued = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSent = useRef(options.onSent);
  onSent.current = options.onSent;

  const report = useCallback(
    (submission: QueuedSubmission, outcome: SendOutcome) => {
      const { key } = submission;
      if (key === current.current) setStatus(outcome);
      if (outcome.kind === 'sent') {
        emitFeedback(host, 'hearken:success', { threadId: outcome.threadId, idempotencyKey: key });
        onSent.current(submission);
      } else if (outcome.kind === 'rejected') {
        emitFeedback(host, 'hearken:error', { ...errorDetail(outcome.error), idempotencyKey: key });
      } else if (!announcedQueued.current.has(key)) {
        announcedQueued.current.add(key);
        emitFeedback(host, 'hearken:queued', { idempotencyKey: key, reason: outcome.reason });
      }
    },
    [host],
  );

  const flush = useCallback(
    async (force = false) => {
      clearTimeout(timer.current);
      for (const { submission, outcome } of await outbox.flush(proxy, sender, { force })) report(submission, outcome);
      const due = outbox.nextDue(proxy);
      if (due !== null) timer.current = setTimeout(() => void flush(), Math.max(250, due - Date.now()));
    },
    [outbox, proxy, sender, report],
  );

  useEffect(() => {
    void flush();
    const online = () => void flush(true);
    addEventListener('online', online);
    return () => {
      removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [flush]);

  async function submit(input: CreateThreadInput, spam: { honeypot: string; fillMs: number }): Promise<void> {
    // Sending the same content again while it waits reuses its key, so it cannot arrive twice.
    const waiting = outbox.entries(proxy).find((entry) => sameInput(entry.input, input));
    const submission: QueuedSubmission = waiting ?? {
      key: newIdempotencyKey(),
      proxy,
      input,
      honeypot: spam.honeypot,
      fillMs: spam.fillMs,
      attempts: 0,
      notBefore: 0,
    };
    if (!waiting && !outbox.add(submission)) {
      setStatus({ kind: 'queue_full' });
      return;
    }
    current.current = submission.key;
    emitFeedback(host, 'hearken:submit', { idempotencyKey: submission.key });
    setStatus({ kind: 'sending' });
    report(submission, await outbox.send(submission, sender));
    void flush();
  }

  function reset(): void {
    current.current = null;
    setStatus({ kind: 'idle' });
  }

  return { status, submit, reset };
}
