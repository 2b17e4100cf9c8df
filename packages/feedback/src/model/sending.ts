import type { CreateThreadInput, Issue } from '@hearken/core';
import { errorDetail, type Persisted } from '@hearken/ui/model';
import { batch, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { contributions, type SubmissionContributor } from './contributor.ts';
import { createDelivery, type DeliveryTarget } from './delivery.ts';
import { type Draft, EMPTY_DRAFT } from './draft.ts';
import { type FieldErrors, type FieldName, fieldErrors } from './errors.ts';
import { type FeedbackContext, threadInput } from './input.ts';
import type { FeedbackModelListener } from './listener.ts';
import type { QueuedSubmission, SendOutcome } from './outbox.ts';
import type { Attachment } from './submission.ts';
import type { Suggestions } from './suggestions.ts';

/**
 * What a view shows about the latest submission: nothing yet, on its way, refused by a full
 * queue, refused because an attachment being prepared failed (nothing sent), or the outcome of its
 * last attempt (`sent`, `retry` while it waits, `rejected`).
 */
export type SubmissionStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'queue_full' }
  | { kind: 'attachment_failed' }
  | SendOutcome;

/** What a submit came to: invalid fields (nothing sent), or the submission's status. */
export type SubmitResult =
  | { kind: 'invalid'; errors: FieldErrors }
  | Exclude<SubmissionStatus, { kind: 'idle' | 'sending' }>;

/** What a vote came to: invalid fields (nothing sent), or the vote's status. */
export type VoteResult = SubmitResult | { kind: 'unknown_issue' };

/** The latest vote: which request got it, under which Idempotency-Key. */
export interface Vote {
  issue: Issue;
  idempotencyKey: string;
  /** The issue's votes, this one included. */
  upvotes: number;
}

type Spam = { honeypot?: string };

/** What sending follows in the form. */
export interface SendingInput {
  target: ReadonlySignal<DeliveryTarget>;
  /** The stored draft: sent, and forgotten once the service has it. */
  stored: Persisted<Draft>;
  context: ReadonlySignal<FeedbackContext>;
  /** What each submission gets besides the draft, in this order. */
  contributors: readonly SubmissionContributor[];
  /** Counts votes sent from this page. */
  suggestions: Pick<Suggestions, 'count' | 'upvotes'>;
  /** The public issue a vote is for, if the list read has it. */
  issue(id: string): Issue | undefined;
  emit: FeedbackModelListener;
  /** Told of each submission the service stored with a proxy receipt, to hear back about it. */
  remember?: ((submission: QueuedSubmission, threadId: string, receipt: string) => void) | undefined;
}

/** Submitting and voting: the field errors, the latest status and vote, the queue. */
export interface Sending {
  readonly errors: ReadonlySignal<FieldErrors>;
  readonly status: ReadonlySignal<SubmissionStatus>;
  readonly voted: ReadonlySignal<Vote | null>;
  readonly queue: ReadonlySignal<readonly QueuedSubmission[]>;
  clearError(field: FieldName): void;
  submit(spam?: Spam): Promise<SubmitResult>;
  vote(issueId: string, spam?: Spam): Promise<VoteResult>;
  retry(): Promise<void>;
  reset(): void;
  dispose(): void;
}

/** Sends the draft (or a vote) through the delivery and reports what became of it. */
export function createSending(input: SendingInput): Sending {
  const { stored, context, contributors, suggestions, emit } = input;
  const errors = signal<FieldErrors>({});
  const status = signal<SubmissionStatus>({ kind: 'idle' });
  const voted = signal<Vote | null>(null);
  const createdAt = Date.now();

  const latest: Latest = { key: null };
  const report = reporter(input, { errors, status, latest });
  const delivery = createDelivery(input.target, report);

  /** The draft as a thread about `about`, or its field errors (shown, nothing sent). */
  function checkedInput(
    about: FeedbackContext,
  ): { input: CreateThreadInput } | { kind: 'invalid'; errors: FieldErrors } {
    const checked = threadInput(stored.value.peek(), about, Boolean(input.target.peek().identityToken));
    if ('errors' in checked) {
      errors.value = checked.errors;
      return { kind: 'invalid', errors: checked.errors };
    }
    errors.value = {};
    return checked;
  }

  /**
   * Stores `thread` in the queue (or finds it waiting there) and sends it; `started` hears its
   * Idempotency-Key once it is queued, and whether it is new to the queue.
   */
  async function enqueue(
    thread: CreateThreadInput,
    spam: Spam,
    started: (key: string, fresh: boolean) => void,
    attachments: readonly Attachment[] = [],
  ): Promise<SubmitResult> {
    const startedAt = stored.value.peek().startedAt;
    // Known now, before the first await, so a view can tell at once that this submit is under way.
    status.value = { kind: 'sending' };
    const fillMs = Date.now() - (startedAt || createdAt);
    const queued = await delivery.add({ input: thread, attachments, honeypot: spam.honeypot ?? '', fillMs });
    if (queued.kind === 'queue_full') {
      status.value = queued;
      return queued;
    }
    for (const contributor of contributors) contributor.queued?.(attachments);
    latest.key = queued.submission.key;
    started(queued.submission.key, queued.fresh);
    return delivery.send(queued);
  }

  return {
    errors,
    status,
    voted,
    queue: delivery.queue,
    clearError(field) {
      if (!errors.peek()[field]) return;
      const { [field]: _cleared, ...rest } = errors.peek();
      errors.value = rest;
    },
    async submit(spam = {}) {
      const checked = checkedInput(context.peek());
      if ('errors' in checked) return checked;
      voted.value = null;
      // Known at once, while an attachment still being prepared is waited for.
      status.value = { kind: 'sending' };
      try {
        await Promise.all(contributors.map((contributor) => contributor.ready?.()));
      } catch {
        status.value = { kind: 'attachment_failed' };
        return { kind: 'attachment_failed' };
      }
      const { metadata, attachments } = contributions(contributors);
      const thread = Object.keys(metadata).length > 0 ? { ...checked.input, metadata } : checked.input;
      return enqueue(thread, spam, (key) => emit('hearken:submit', { idempotencyKey: key }), attachments);
    },
    async vote(issueId, spam = {}) {
      const issue = input.issue(issueId);
      if (!issue) return { kind: 'unknown_issue' };
      const checked = checkedInput({ issueId });
      if ('errors' in checked) return checked;
      return enqueue({ ...checked.input, origin: 'UPVOTE' }, spam, (key, fresh) => {
        // A second click while the first vote waits is the same vote, counted and announced once.
        if (fresh) suggestions.count(issueId, 1);
        voted.value = { issue, idempotencyKey: key, upvotes: suggestions.upvotes(issue) };
        if (fresh) emit('hearken:vote', { issueId, idempotencyKey: key });
      });
    },
    retry: () => delivery.flush(true),
    reset() {
      latest.key = null;
      batch(() => {
        status.value = { kind: 'idle' };
        voted.value = null;
      });
    },
    dispose: delivery.dispose,
  };
}

/** The latest submission's Idempotency-Key: the one whose outcome the form shows. */
interface Latest {
  key: string | null;
}

/**
 * What to do with each outcome the delivery reports: the form's status and errors for the latest
 * submission, the draft forgotten once sent, a refused vote uncounted, and the events.
 */
function reporter(
  input: SendingInput,
  { errors, status, latest }: { errors: Signal<FieldErrors>; status: Signal<SubmissionStatus>; latest: Latest },
): (submission: QueuedSubmission, outcome: SendOutcome) => void {
  const { stored, suggestions, emit } = input;
  const announced = new Set<string>();
  return (submission: QueuedSubmission, outcome: SendOutcome): void => {
    const { key: idempotencyKey } = submission;
    // What an earlier visit queued from this draft (its text still in the form) is the latest
    // submission: the form says what became of it.
    if (
      latest.key === null &&
      submission.input.origin === 'WIDGET' &&
      submission.input.text === stored.value.peek().text
    ) {
      latest.key = idempotencyKey;
    }
    batch(() => {
      if (idempotencyKey === latest.key) {
        status.value = outcome;
        if (outcome.kind === 'rejected') errors.value = fieldErrors(outcome.error);
      }
      // Forgets the draft only if it still holds what was sent (not a newer text); email and name stay.
      if (outcome.kind === 'sent') {
        stored.write((saved) =>
          saved.text === submission.input.text ? { ...EMPTY_DRAFT, email: saved.email, name: saved.name } : saved,
        );
      }
      if (outcome.kind === 'rejected' && submission.input.origin === 'UPVOTE' && submission.input.issue_id) {
        suggestions.count(submission.input.issue_id, -1);
      }
    });
    if (outcome.kind === 'sent') {
      if (outcome.receipt) input.remember?.(submission, outcome.threadId, outcome.receipt);
      emit('hearken:success', { threadId: outcome.threadId, idempotencyKey });
      if (outcome.imageError) emit('hearken:error', { ...errorDetail(outcome.imageError), idempotencyKey });
    } else if (outcome.kind === 'rejected') {
      emit('hearken:error', { ...errorDetail(outcome.error), idempotencyKey });
    } else if (!announced.has(idempotencyKey)) {
      announced.add(idempotencyKey);
      emit('hearken:queued', { idempotencyKey, reason: outcome.reason });
    }
  };
}
