import { type CreateThreadInput, feedbackDraftKey, type Issue, type ThreadMetadata } from '@hearken/core';
import { errorDetail, lazyModule, persisted, resolveStorage } from '@hearken/ui/dom';
import { batch, computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import type { FeedbackEventMap } from '../events.ts';
import type { OpenOptions, ResolvedFeedbackOptions } from '../options.ts';
import { type Branding, createBranding } from './branding.ts';
import { createPageContextContributor } from './context-contributor.ts';
import { contributions } from './contributor.ts';
import { createDelivery } from './delivery.ts';
import { type Draft, EMPTY_DRAFT, parseDraft, serializeDraft } from './draft.ts';
import { type FieldErrors, type FieldName, fieldErrors } from './errors.ts';
import { type FeedbackContext, threadInput } from './input.ts';
import { issueList } from './issue-list.ts';
import type { QueuedSubmission, SendOutcome } from './outbox.ts';
import type { Screenshot } from './screenshot.ts';
import { createScreenshotContributor } from './screenshot-contributor.ts';
import type { Attachment } from './submission.ts';
import { createSuggestions, type Matcher, type Suggestions } from './suggestions.ts';

/** The matcher, loaded once per page when a user first types. */
const loadMatcher = lazyModule<Matcher>(() => import('@hearken/ui/search'));

import { createWhatsNew, type WhatsNew } from './whats-new.ts';

/** The events a model reports: those of `<hearken-feedback>`. */
export type FeedbackModelEvents = FeedbackEventMap;

/** Receives a model's events; the element dispatches them as DOM events. */
export type FeedbackModelListener = <K extends keyof FeedbackModelEvents>(
  type: K,
  detail: FeedbackModelEvents[K],
) => void;

/** The widget's options the model reads. */
type ModelOptionName =
  | 'workspace'
  | 'apiBase'
  | 'identityToken'
  | 'fetch'
  | 'storage'
  | 'language'
  | 'projectId'
  | 'issueId'
  | 'contextTitle'
  | 'suggest'
  | 'context'
  | 'contextUrl'
  | 'screenshots';

/**
 * Options of {@link createFeedbackModel}, named and typed as the element's parsed options (see
 * `FEEDBACK_OPTIONS`); {@link FeedbackModel.update} changes them later. `projectId`, `issueId`
 * and `contextTitle` name what the feedback is about until {@link FeedbackModel.open} names
 * something else; `context` is what the host adds to the page context, or `off`.
 */
export type FeedbackModelOptions = Pick<ResolvedFeedbackOptions, 'proxy'> &
  Partial<Pick<ResolvedFeedbackOptions, ModelOptionName>> & {
    /** Called with each event: open, close, submit, vote, suggest, success, queued, error. */
    onEvent?: FeedbackModelListener | undefined;
  };

/**
 * What a view shows about the latest submission: nothing yet, on its way, refused by a full
 * queue, or the outcome of its last attempt (`sent`, `retry` while it waits, `rejected`).
 */
export type SubmissionStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'queue_full' } | SendOutcome;

/** What {@link FeedbackModel.submit} came to: invalid fields (nothing sent), or the submission's status. */
export type SubmitResult =
  | { kind: 'invalid'; errors: FieldErrors }
  | Exclude<SubmissionStatus, { kind: 'idle' | 'sending' }>;

/** What {@link FeedbackModel.vote} came to: invalid fields (nothing sent), or the vote's status. */
export type VoteResult = SubmitResult | { kind: 'unknown_issue' };

/** The latest vote: which request got it, under which Idempotency-Key. */
export interface Vote {
  issue: Issue;
  idempotencyKey: string;
  /** The issue's votes, this one included. */
  upvotes: number;
}

/** Something that takes focus back when the form closes: the control that opened it. */
export interface FocusTarget {
  focus(options?: { preventScroll?: boolean }): void;
  readonly isConnected?: boolean;
}

/**
 * The newest published changelog entries (a page through a proxy in changelog portal mode, else
 * the workspace's latest entry alone, newest first; none without a workspace) and what this
 * reader has not seen of them (read state shared with the roadmap and other tabs).
 */
export type FeedbackWhatsNew = Omit<WhatsNew, 'dispose'>;

/**
 * Up to five of the workspace's public issues like the draft (`items`), best first, after a pause
 * in typing once it has about three words or a dozen characters; never the issue the form is about.
 */
export type FeedbackSuggestions = Pick<Suggestions, 'items'>;

/** The workspace's colours and dark-mode choice (`workspace`); null without a workspace or until read (or unreadable). */
export type FeedbackBranding = Pick<Branding, 'workspace'>;

/**
 * The feedback form without its view: whether it is open, the workspace's branding, the draft,
 * the field errors, the submission queue and the latest submission's status, as signals
 * (`@preact/signals-core`), with the actions that change them. `<hearken-feedback>` renders one; a
 * host app can render its own UI from it.
 */
export interface FeedbackModel {
  /** Whether the form is open (shown in a dialog, for the element in launcher mode). */
  readonly opened: ReadonlySignal<boolean>;
  /** Where focus goes back when the form closes: the control that opened it, if any. */
  readonly returnFocus: ReadonlySignal<FocusTarget | null>;
  /** The workspace's branding, read through the proxy (or `apiBase`). */
  readonly branding: FeedbackBranding;
  /** The changelog's newest entries and what the reader has not seen of them. */
  readonly whatsNew: FeedbackWhatsNew;
  /** What the user has typed so far: saved on every edit, kept until it is sent. */
  readonly draft: ReadonlySignal<Draft>;
  /** The project or issue the feedback is about. */
  readonly context: ReadonlySignal<FeedbackContext>;
  /** Errors of the last submit, or the service's when it refused the fields; an edit clears its field's. */
  readonly errors: ReadonlySignal<FieldErrors>;
  /** The latest submission's status. */
  readonly status: ReadonlySignal<SubmissionStatus>;
  /** This proxy's submissions still waiting to be sent, oldest first (earlier visits' included). */
  readonly queue: ReadonlySignal<readonly QueuedSubmission[]>;
  /** The workspace's public issues like the draft. */
  readonly suggestions: FeedbackSuggestions;
  /** The latest vote while it is the latest submission; null after a message or {@link reset}. */
  readonly voted: ReadonlySignal<Vote | null>;
  /**
   * The page context that goes with the next submission as the thread's `metadata`, read again
   * when the form opens and at submit (`{}` with `pageContext: 'off'`), whether or not the user
   * keeps it (see {@link contextIncluded}).
   */
  readonly pageContext: ReadonlySignal<ThreadMetadata>;
  /** Whether the user keeps the page context with the next submission; true until they remove it. */
  readonly contextIncluded: ReadonlySignal<boolean>;
  /** Whether screenshots are on (the `screenshots` option). */
  readonly screenshotsEnabled: ReadonlySignal<boolean>;
  /** The image that goes with the next submission, or null. */
  readonly screenshot: ReadonlySignal<Screenshot | null>;
  /** Keeps or removes the page context for the next submission. */
  includeContext(included: boolean): void;
  /**
   * Sets the image for the next submission (null removes it). Throws a `ScreenshotError` when
   * screenshots are off or its type is not PNG, JPEG or WebP.
   */
  setScreenshot(image: Screenshot | null): void;
  /** Changes one field of the draft; it is saved at once and the field's error cleared. */
  edit<F extends FieldName>(field: F, value: Draft[F]): void;
  /**
   * Opens the form, about what `request` names (else what the options' `context` names), with its
   * text preset, and announces it (`hearken:open`). `returnFocus` takes focus back on close.
   */
  open(request?: OpenOptions, returnFocus?: FocusTarget | null): void;
  /** Closes the form, announcing it (`hearken:close`); nothing happens when it is closed. */
  close(): void;
  /** Sets what the feedback is about; `{}` removes it. */
  setContext(context: FeedbackContext): void;
  /** Starts the message with `text`, only if the draft's message is empty (not counted as typing). */
  preset(text: string): void;
  /**
   * Checks the draft and, if it is valid, stores it in the queue and sends it. A submission keeps
   * one Idempotency-Key until the service confirms it: offline, after a timeout, a 5xx, a 409 or a
   * 429 it waits in the queue (persisted) and is sent again later, so it is neither lost nor
   * stored twice. `honeypot` is the hidden field's value (see the proxy's spam signals).
   */
  submit(spam?: { honeypot?: string }): Promise<SubmitResult>;
  /**
   * Votes for a suggested issue instead of sending the draft as new feedback: an `UPVOTE` thread
   * for it with the draft as its text (and the email and name, as a submission has them), through
   * the same queue, so it is sent exactly once. The issue's count goes up at once; `voted` says which.
   */
  vote(issueId: string, spam?: { honeypot?: string }): Promise<VoteResult>;
  /** Sends what waits now, skipping backoffs (not a 429's Retry-After, which holds the proxy's budget). */
  retry(): Promise<void>;
  /** Back to `idle` after a confirmed submission, for the next one. */
  reset(): void;
  /**
   * Changes options; a new proxy, workspace or storage loads that draft and sends that queue, a
   * new context replaces what the feedback is about.
   */
  update(options: Partial<FeedbackModelOptions>): void;
  /** Stops listening and waiting; the draft and what is queued stay stored for the next page. */
  dispose(): void;
}

function sameInput(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Creates the model of one feedback form. It sends what an earlier visit left queued at once,
 * again when the browser comes back online (where there is a `window`), and when each wait ends.
 *
 * @example
 * const model = createFeedbackModel({ proxy: 'https://example.com/hearken', workspace: 'ws_1' });
 * model.edit('text', 'Exports are slow');
 * const result = await model.submit();
 * if (result.kind === 'sent') console.log('thread', result.threadId);
 */
export function createFeedbackModel(initial: FeedbackModelOptions): FeedbackModel {
  const options = signal<FeedbackModelOptions>(initial);
  // One computed per option, so changing one option recomputes only what depends on it.
  const proxy = computed(() => options.value.proxy);
  const workspace = computed(() => options.value.workspace);
  const identityToken = computed(() => options.value.identityToken);
  const fetcher = computed(() => options.value.fetch);
  const storage = computed(() => resolveStorage(options.value.storage));
  const key = computed(() => feedbackDraftKey(proxy.value, workspace.value));

  // A new proxy, workspace or storage: that draft.
  const stored = persisted({ storage, key, parse: parseDraft, serialize: serializeDraft });
  const draft = stored.value;
  const opened = signal(false);
  const returnFocus = signal<FocusTarget | null>(null);
  const brandingSource = computed(() => ({
    base: options.value.apiBase ?? options.value.proxy,
    workspace: options.value.workspace,
    fetch: options.value.fetch,
  }));
  const brand = createBranding(brandingSource);
  const branding = brand.workspace;
  const latestChangelog = brand.latestChangelog;
  const whatsNew = createWhatsNew(
    computed(() => ({
      proxy: proxy.value,
      apiBase: options.value.apiBase,
      workspace: workspace.value,
      fetch: fetcher.value,
      storage: storage.value,
    })),
    latestChangelog,
    computed(() => branding.value?.changelogPublic === false),
  );
  const projectId = computed(() => options.value.projectId);
  const issueId = computed(() => options.value.issueId);
  const contextTitle = computed(() => options.value.contextTitle);
  // What the options name; recomputed only when one of the three changes.
  const baseContext = computed<FeedbackContext>(() => ({
    projectId: projectId.value,
    issueId: issueId.value,
    title: contextTitle.value,
  }));
  const context = signal<FeedbackContext>(baseContext.peek());
  const errors = signal<FieldErrors>({});
  const status = signal<SubmissionStatus>({ kind: 'idle' });
  const voted = signal<Vote | null>(null);
  const screenshot = createScreenshotContributor(computed(() => Boolean(options.value.screenshots)));
  const suggestOn = computed(() => options.value.suggest !== false);
  const language = computed(() => options.value.language);
  const issues = computed(() => {
    const { base, workspace: id, fetch } = brandingSource.value;
    return suggestOn.value && base && id ? issueList({ base, workspace: id, language: language.value, fetch }) : null;
  });
  // The list is read when the form opens (or, for a form never opened, at the first keystroke).
  const wanted = signal(false);
  const createdAt = Date.now();
  const announced = new Set<string>();
  let current: string | null = null;

  const emit: FeedbackModelListener = (type, detail) => options.peek().onEvent?.(type, detail);
  const suggestions = createSuggestions({
    text: computed(() => draft.value.text),
    issues: computed(() => issues.value?.issues.value ?? null),
    exclude: computed(() => context.value.issueId),
    enabled: suggestOn,
    language,
    entries: whatsNew.entries,
    loadMatcher,
    onShown: (shown) =>
      emit('hearken:suggest', {
        suggestions: shown.map(({ issue, score, upvotes }) => ({
          issueId: issue.id,
          title: issue.title,
          score,
          upvotes,
        })),
      }),
  });
  const pageContext = createPageContextContributor({
    host: computed(() => options.value.context),
    fullUrl: computed(() => options.value.contextUrl === 'full'),
    opened,
    onRefused: (error) => emit('hearken:error', errorDetail(error)),
  });

  /** Forgets the draft only if it still holds what was sent (not a newer text); email and name stay. */
  function forgetDraft(submission: QueuedSubmission): void {
    stored.write((saved) =>
      saved.text === submission.input.text ? { ...EMPTY_DRAFT, email: saved.email, name: saved.name } : saved,
    );
  }

  function report(submission: QueuedSubmission, outcome: SendOutcome): void {
    const { key: idempotencyKey } = submission;
    batch(() => {
      if (idempotencyKey === current) {
        status.value = outcome;
        if (outcome.kind === 'rejected') errors.value = fieldErrors(outcome.error);
      }
      if (outcome.kind === 'sent') forgetDraft(submission);
      if (outcome.kind === 'rejected' && submission.input.origin === 'UPVOTE' && submission.input.issue_id) {
        suggestions.count(submission.input.issue_id, -1);
      }
    });
    if (outcome.kind === 'sent') {
      emit('hearken:success', { threadId: outcome.threadId, idempotencyKey });
      if (outcome.imageError) emit('hearken:error', { ...errorDetail(outcome.imageError), idempotencyKey });
    } else if (outcome.kind === 'rejected') {
      emit('hearken:error', { ...errorDetail(outcome.error), idempotencyKey });
    } else if (!announced.has(idempotencyKey)) {
      announced.add(idempotencyKey);
      emit('hearken:queued', { idempotencyKey, reason: outcome.reason });
    }
  }

  const delivery = createDelivery(
    computed(() => ({
      proxy: proxy.value,
      identityToken: identityToken.value,
      fetch: fetcher.value,
      storage: options.value.storage,
    })),
    report,
  );

  const stops = [
    stored.dispose,
    whatsNew.dispose,
    // The options name what the feedback is about, until an `open()` names something else.
    effect(() => {
      const next = baseContext.value;
      untracked(() => setContext(next));
    }),
    brand.dispose,
    suggestions.dispose,
    // Each opening revalidates the list; a form never opened reads it once, at its first keystroke.
    effect(() => {
      const list = issues.value;
      if (opened.value || (wanted.value && !list?.issues.peek())) void list?.refresh();
    }),
    delivery.dispose,
    pageContext.dispose,
    screenshot.dispose,
  ];
  // What each submission gets besides the draft, in this order.
  const contributors = [pageContext, screenshot];

  /** The draft as a thread about `about`, or its field errors (shown, nothing sent). */
  function checkedInput(
    about: FeedbackContext,
  ): { input: CreateThreadInput } | { kind: 'invalid'; errors: FieldErrors } {
    const checked = threadInput(draft.peek(), about, Boolean(identityToken.peek()));
    if ('errors' in checked) {
      errors.value = checked.errors;
      return { kind: 'invalid', errors: checked.errors };
    }
    errors.value = {};
    return checked;
  }

  async function submit(spam: { honeypot?: string } = {}): Promise<SubmitResult> {
    const checked = checkedInput(context.peek());
    if ('errors' in checked) return checked;
    voted.value = null;
    const { metadata, attachments } = contributions(contributors);
    const input = Object.keys(metadata).length > 0 ? { ...checked.input, metadata } : checked.input;
    return enqueue(input, spam, (key) => emit('hearken:submit', { idempotencyKey: key }), attachments);
  }

  async function vote(issueId: string, spam: { honeypot?: string } = {}): Promise<VoteResult> {
    const issue = issues
      .peek()
      ?.issues.peek()
      ?.find((candidate) => candidate.id === issueId);
    if (!issue) return { kind: 'unknown_issue' };
    const checked = checkedInput({ issueId });
    if ('errors' in checked) return checked;
    const input: CreateThreadInput = { ...checked.input, origin: 'UPVOTE' };
    return enqueue(input, spam, (key, fresh) => {
      // A second click while the first vote waits is the same vote, counted and announced once.
      if (fresh) suggestions.count(issueId, 1);
      voted.value = { issue, idempotencyKey: key, upvotes: suggestions.upvotes(issue) };
      if (fresh) emit('hearken:vote', { issueId, idempotencyKey: key });
    });
  }

  /**
   * Stores `input` in the queue (or finds it waiting there) and sends it; `started` hears its
   * Idempotency-Key once it is queued, and whether it is new to the queue.
   */
  async function enqueue(
    input: CreateThreadInput,
    spam: { honeypot?: string },
    started: (key: string, fresh: boolean) => void,
    attachments: readonly Attachment[] = [],
  ): Promise<SubmitResult> {
    const startedAt = draft.peek().startedAt;
    // Known now, before the first await, so a view can tell at once that this submit is under way.
    status.value = { kind: 'sending' };
    const fillMs = Date.now() - (startedAt || createdAt);
    const queued = await delivery.add({ input, attachments, honeypot: spam.honeypot ?? '', fillMs });
    if (queued.kind === 'queue_full') {
      status.value = queued;
      return queued;
    }
    for (const contributor of contributors) contributor.queued?.(attachments);
    current = queued.submission.key;
    started(queued.submission.key, queued.fresh);
    return delivery.send(queued);
  }

  function setContext(next: FeedbackContext): void {
    if (!sameInput(next, context.peek())) context.value = next;
  }

  function preset(text: string): void {
    const previous = draft.peek();
    if (!text || previous.text !== '') return;
    stored.set({ ...previous, text });
  }

  return {
    opened,
    returnFocus,
    // Each part as its narrow face: what it is, not how it is kept or stopped.
    branding: { workspace: branding },
    whatsNew: {
      entries: whatsNew.entries,
      unread: whatsNew.unread,
      announcement: whatsNew.announcement,
      isNewEntry: whatsNew.isNewEntry,
      markSeen: whatsNew.markSeen,
      markAnnounced: whatsNew.markAnnounced,
    },
    draft,
    context,
    errors,
    status,
    queue: delivery.queue,
    suggestions: { items: suggestions.items },
    voted,
    pageContext: pageContext.entries,
    contextIncluded: pageContext.included,
    screenshotsEnabled: screenshot.enabled,
    screenshot: screenshot.image,
    includeContext: pageContext.include,
    setScreenshot: screenshot.set,
    edit(field, value) {
      if (field === 'text') wanted.value = true;
      const previous = draft.peek();
      const next = { ...previous, [field]: value, startedAt: previous.startedAt || Date.now() };
      batch(() => {
        stored.set(next);
        if (errors.peek()[field]) {
          const { [field]: _cleared, ...rest } = errors.peek();
          errors.value = rest;
        }
      });
    },
    open(request = {}, focusTarget = null) {
      const base = baseContext.peek();
      // A request naming its own project or issue must not keep the options' title for another one.
      const named = Boolean(request.projectId || request.issueId);
      batch(() => {
        setContext({
          projectId: request.projectId ?? base.projectId,
          issueId: request.issueId ?? base.issueId,
          title: named ? request.contextTitle : (request.contextTitle ?? base.title),
        });
        if (request.text) preset(request.text);
        returnFocus.value = focusTarget;
        opened.value = true;
      });
      emit('hearken:open', {
        ...(request.projectId ? { projectId: request.projectId } : {}),
        ...(request.issueId ? { issueId: request.issueId } : {}),
      });
    },
    close() {
      if (!opened.peek()) return;
      opened.value = false;
      emit('hearken:close', {});
    },
    setContext,
    preset,
    submit,
    vote,
    retry: () => delivery.flush(true),
    reset() {
      current = null;
      batch(() => {
        status.value = { kind: 'idle' };
        voted.value = null;
      });
    },
    update(patch) {
      options.value = { ...options.peek(), ...patch };
    },
    dispose() {
      for (const stop of stops) stop();
    },
  };
}
