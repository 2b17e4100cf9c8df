import { feedbackDraftKey, type Issue, type ThreadMetadata } from '@hearken/core';
import { type KeyValueStorage, resolveStorage } from '@hearken/ui/dom';
import { errorDetail, persisted, type RequestUpdates } from '@hearken/ui/model';
import { batch, computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import type { OpenOptions, ResolvedFeedbackOptions } from '../options.ts';
import type { Branding } from './branding.ts';
import { createPageContextContributor } from './context-contributor.ts';
import type { DeliveryTarget } from './delivery.ts';
import { createDiscovery, type Discovery } from './discovery.ts';
import { type Draft, parseDraft, serializeDraft } from './draft.ts';
import type { FieldErrors, FieldName } from './errors.ts';
import type { FeedbackContext } from './input.ts';
import { createKindContributor } from './kind-contributor.ts';
import { createLauncherParts, type LauncherParts } from './launcher-parts.ts';
import type { FeedbackModelEvents, FeedbackModelListener } from './listener.ts';
import type { QueuedSubmission } from './outbox.ts';
import type { Screenshot } from './screenshot.ts';
import { createScreenshotContributor } from './screenshot-contributor.ts';
import { createSending, type SubmissionStatus, type SubmitResult, type Vote, type VoteResult } from './sending.ts';
import type { Suggestion, Suggestions } from './suggestions.ts';
import type { WhatsNew } from './whats-new.ts';

export type { FeedbackModelEvents, FeedbackModelListener } from './listener.ts';
export type { SubmissionStatus, SubmitResult, Vote, VoteResult } from './sending.ts';

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
  | 'screenshots'
  | 'kind';

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
  /**
   * What this browser asked for in the workspace (threads sent and votes, with the proxy's
   * receipts) and what moved since the reader last looked ("Your requests"); read from the proxy
   * once per page load, when the browser is idle.
   */
  readonly requests: RequestUpdates;
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
  /** The kinds of feedback the user picks from (the `kind` option); empty offers none. */
  readonly kinds: ReadonlySignal<readonly string[]>;
  /** Whether an image is being prepared for the next submission (see {@link prepareScreenshot}). */
  readonly screenshotPreparing: ReadonlySignal<boolean>;
  /** Keeps or removes the page context for the next submission. */
  includeContext(included: boolean): void;
  /**
   * Sets the image for the next submission (null removes it). Throws a `ScreenshotError` when
   * screenshots are off or its type is not PNG, JPEG or WebP.
   */
  setScreenshot(image: Screenshot | null): void;
  /**
   * Sets the image `work` gives (null removes it) once it is ready, e.g. while it is re-encoded
   * after the user's marks. A submit meanwhile waits for it, and is refused (`attachment_failed`,
   * nothing sent) if it fails: the image is never silently left out. Rejects as `work` does, or
   * with a `ScreenshotError` as {@link setScreenshot}.
   */
  prepareScreenshot(work: Promise<Screenshot | null>): Promise<void>;
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
 * `launcher` is for `<hearken-feedback>`'s own view, which makes the branding, the changelog's
 * unread count and the requests' updates before the form loads; a model made without them makes
 * and stops its own.
 *
 * @example
 * const model = createFeedbackModel({ proxy: 'https://example.com/hearken', workspace: 'ws_1' });
 * model.edit('text', 'Exports are slow');
 * const result = await model.submit();
 * if (result.kind === 'sent') console.log('thread', result.threadId);
 */
export function createFeedbackModel(initial: FeedbackModelOptions, launcher?: LauncherParts): FeedbackModel {
  const options = signal<FeedbackModelOptions>(initial);
  // One computed per option, so changing one option recomputes only what depends on it.
  const proxy = computed(() => options.value.proxy);
  const workspace = computed(() => options.value.workspace);
  const storage = computed(() => resolveStorage(options.value.storage));
  const form = createFormContext(options);
  const { context, baseContext, setContext } = form;
  const { stored, draft, dispose: disposeDraft } = storedDraft(storage, proxy, workspace, form.subject);
  const opened = signal(false);
  const returnFocus = signal<FocusTarget | null>(null);
  const emit: FeedbackModelListener = (type, detail) => options.peek().onEvent?.(type, detail);
  // The element's view hands over the parts its launcher made (and stops them itself).
  const own = launcher ? undefined : createLauncherParts(options, storage);
  const parts = launcher ?? (own as LauncherParts);
  const discovery = createDiscovery({
    options,
    launcher: parts,
    text: computed(() => draft.value.text),
    exclude: computed(() => context.value.issueId),
    opened,
    onShown: (shown) => emit('hearken:suggest', suggestEvent(shown)),
  });
  const { pageContext, screenshot, kind } = contributors(options, draft, opened, emit);
  const requests = requestsPart(parts.requests);
  const sending = createSending({
    target: deliveryTarget(options),
    stored,
    context,
    // The kind last: a host context entry named `kind` does not replace the user's choice.
    contributors: [pageContext, screenshot, kind],
    suggestions: discovery.suggestions,
    issue: discovery.issue,
    emit,
    remember: (submission, thread, receipt) => requests.remember(submission, thread, receipt, discovery.issue),
  });
  const stops = [
    ...(own ? [own.dispose] : []),
    disposeDraft,
    form.dispose,
    discovery.dispose,
    sending.dispose,
    pageContext.dispose,
    screenshot.dispose,
  ];

  function preset(text: string): void {
    const previous = draft.peek();
    if (!text || previous.text !== '') return;
    stored.set({ ...previous, text });
  }

  return {
    opened,
    returnFocus,
    ...faces(discovery),
    requests: parts.requests,
    draft,
    context,
    errors: sending.errors,
    status: sending.status,
    queue: sending.queue,
    voted: sending.voted,
    pageContext: pageContext.entries,
    contextIncluded: pageContext.included,
    screenshotsEnabled: screenshot.enabled,
    screenshot: screenshot.image,
    screenshotPreparing: screenshot.preparing,
    kinds: kind.offered,
    prepareScreenshot: screenshot.prepare,
    includeContext: pageContext.include,
    setScreenshot: screenshot.set,
    edit(field, value) {
      if (field === 'text') discovery.typed();
      const previous = draft.peek();
      batch(() => {
        stored.set({ ...previous, [field]: value, startedAt: previous.startedAt || Date.now() });
        sending.clearError(field);
      });
    },
    open(request = {}, focusTarget = null) {
      // Named first, on its own: the draft kept for what it names is loaded before the preset reads it.
      form.name(requestedContext(request, baseContext.peek()));
      batch(() => {
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
    submit: sending.submit,
    vote: sending.vote,
    retry: sending.retry,
    reset: sending.reset,
    update(patch) {
      options.value = { ...options.peek(), ...patch };
    },
    dispose() {
      for (const stop of stops) stop();
    },
  };
}

/** What adds to a submission: the page's context, the screenshot and the kind of feedback. */
function contributors(
  options: ReadonlySignal<FeedbackModelOptions>,
  draft: ReadonlySignal<Draft>,
  opened: ReadonlySignal<boolean>,
  emit: FeedbackModelListener,
) {
  return {
    pageContext: createPageContextContributor({
      host: computed(() => options.value.context),
      fullUrl: computed(() => options.value.contextUrl === 'full'),
      opened,
      onRefused: (error) => emit('hearken:error', errorDetail(error)),
    }),
    screenshot: createScreenshotContributor(computed(() => Boolean(options.value.screenshots))),
    kind: createKindContributor(
      computed(() => options.value.kind ?? []),
      computed(() => draft.value.kind),
    ),
  };
}

/** The discovery parts as members of the model, each its narrow face: what it is, not how it is kept or stopped. */
function faces({
  branding,
  whatsNew,
  suggestions,
}: Discovery): Pick<FeedbackModel, 'branding' | 'whatsNew' | 'suggestions'> {
  return {
    branding: { workspace: branding.workspace },
    whatsNew: {
      entries: whatsNew.entries,
      unread: whatsNew.unread,
      announcement: whatsNew.announcement,
      isNewEntry: whatsNew.isNewEntry,
      markSeen: whatsNew.markSeen,
      markAnnounced: whatsNew.markAnnounced,
    },
    suggestions: { items: suggestions.items },
  };
}

/** The `hearken:suggest` event's detail for the suggestions shown. */
function suggestEvent(shown: readonly Suggestion[]): FeedbackModelEvents['hearken:suggest'] {
  return {
    suggestions: shown.map(({ issue, score, upvotes }) => ({ issueId: issue.id, title: issue.title, score, upvotes })),
  };
}

/** What a request to open names, else what the options name. */
function requestedContext(request: OpenOptions, base: FeedbackContext): FeedbackContext {
  // A request naming its own project or issue must not keep the options' title for another one.
  const named = Boolean(request.projectId || request.issueId);
  return {
    projectId: request.projectId ?? base.projectId,
    issueId: request.issueId ?? base.issueId,
    title: named ? request.contextTitle : (request.contextTitle ?? base.title),
  };
}

/**
 * What the feedback is about: what the options name, until an `open()` names something else
 * (`name`); `setContext` changes it for this draft (the user removing it). `subject` is what was
 * named: the draft kept for it stays in the form when the user removes the context.
 */
function createFormContext(options: ReadonlySignal<FeedbackModelOptions>) {
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
  const subject = signal<FeedbackContext>(baseContext.peek());
  const setContext = (next: FeedbackContext): void => {
    if (!sameInput(next, context.peek())) context.value = next;
  };
  const name = (next: FeedbackContext): void => {
    batch(() => {
      setContext(next);
      if (!sameInput(next, subject.peek())) subject.value = next;
    });
  };
  const dispose = effect(() => {
    const next = baseContext.value;
    untracked(() => name(next));
  });
  return { context, subject, baseContext, setContext, name, dispose };
}

/**
 * The draft kept for the issue or project the form is about (under core's draft key); a draft
 * about something else starts with the email and name last typed, not empty.
 */
function storedDraft(
  storage: ReadonlySignal<KeyValueStorage>,
  proxy: ReadonlySignal<string>,
  workspace: ReadonlySignal<string | undefined>,
  subject: ReadonlySignal<{ issueId?: string | undefined; projectId?: string | undefined }>,
) {
  const key = computed(() =>
    feedbackDraftKey(proxy.value, workspace.value, {
      issueId: subject.value.issueId,
      projectId: subject.value.projectId,
    }),
  );
  let contact = { email: '', name: '' };
  const parse = (text: string | null): Draft => {
    const parsed = parseDraft(text);
    return { ...parsed, email: parsed.email || contact.email, name: parsed.name || contact.name };
  };
  const stored = persisted({ storage, key, parse, serialize: serializeDraft });
  const draft = stored.value;
  const rememberContact = effect(() => {
    const { email, name } = draft.value;
    if (email || name) contact = { email, name };
  });
  return {
    stored,
    draft,
    dispose() {
      rememberContact();
      stored.dispose();
    },
  };
}

/** What this browser sent, remembered with the proxy's receipt (the updates read is the launcher's). */
function requestsPart(updates: RequestUpdates) {
  return {
    remember(
      submission: QueuedSubmission,
      thread: string,
      receipt: string,
      issueOf: (id: string) => Issue | undefined,
    ) {
      const { issue_id: issue, title } = submission.input;
      updates.remember({
        thread,
        receipt,
        at: Date.now(),
        issue,
        title: issue ? issueOf(issue)?.title : title,
        seen: issue ? issueOf(issue)?.status : 'NEW',
      });
    },
  };
}

/** Where and how submissions are delivered, from the model's options. */
function deliveryTarget(options: ReadonlySignal<FeedbackModelOptions>): ReadonlySignal<DeliveryTarget> {
  return computed(() => ({
    proxy: options.value.proxy,
    identityToken: options.value.identityToken,
    fetch: options.value.fetch,
    storage: options.value.storage,
  }));
}
