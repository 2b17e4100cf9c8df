import { FEEDBACK_OUTBOX_KEY, feedbackDraftKey, METADATA_MAX_ENTRIES, threadMetadataSchema } from '@hearken/core';
// @vitest-environment node

import { type KeyValueStorage, memoryStorage } from '@hearken/ui/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeProxyOptions, type Fault, fakeProxy, nameTooLongReply } from '../test/fake-proxy.ts';
import { createFeedbackModel, type FeedbackModel, type FeedbackModelOptions } from './feedback-model.ts';
import type { Screenshot } from './screenshot.ts';

const shot = (): Screenshot => ({
  blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
  type: 'image/png',
  width: 2,
  height: 2,
});

const PROXY = 'https://proxy.test';

let models: FeedbackModel[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  for (const model of models) model.dispose();
  models = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A model on a scripted proxy and an in-memory store, recording its events. */
function setup(
  proxyOptions: FakeProxyOptions = {},
  store: KeyValueStorage = memoryStorage(),
  proxy = fakeProxy(proxyOptions),
) {
  const events: { type: string; detail: object }[] = [];
  const open = (options: Partial<FeedbackModelOptions> = {}) => {
    const model = createFeedbackModel({
      proxy: PROXY,
      workspace: 'ws1',
      fetch: proxy.fetch,
      storage: store,
      onEvent: (type, detail) => events.push({ type, detail }),
      ...options,
    });
    models.push(model);
    return model;
  };
  return { model: open(), open, proxy, store, events };
}

/** Faults in order, then none. */
function schedule(...faults: Fault[]) {
  return () => faults.shift() ?? 'none';
}

const stored = (store: KeyValueStorage) => JSON.parse(store.getItem(FEEDBACK_OUTBOX_KEY) ?? '[]') as { key: string }[];
const keysSent = (proxy: ReturnType<typeof fakeProxy>) =>
  proxy.requests
    .filter((request) => request.method === 'POST')
    .map((request) => request.headers.get('idempotency-key'));

describe('the feedback model', () => {
  it('keeps the draft in storage as it is typed, for the next page', () => {
    const { model, open, store } = setup();
    model.edit('text', 'Half-written idea');
    model.edit('painLevel', 'LOW');
    expect(model.draft.value).toMatchObject({ text: 'Half-written idea', painLevel: 'LOW' });
    expect(model.draft.value.startedAt).toBe(1_000_000);
    expect(JSON.parse(store.getItem(feedbackDraftKey(PROXY, 'ws1'))!)).toMatchObject({ text: 'Half-written idea' });
    expect(open().draft.value).toMatchObject({ text: 'Half-written idea', painLevel: 'LOW' });
    // Another workspace has its own draft.
    expect(open({ workspace: 'ws2' }).draft.value.text).toBe('');
  });

  it("opens about what the request names, else the options' context, and closes, announcing both", () => {
    const { open, events } = setup();
    const model = open({ projectId: 'p1', contextTitle: 'Mobile app' });
    expect(model.context.value).toEqual({ projectId: 'p1', title: 'Mobile app' });
    const trigger = { focus: () => {} };
    model.open({ issueId: 'i7', text: 'About the export' }, trigger);
    expect(model.opened.value).toBe(true);
    expect(model.returnFocus.value).toBe(trigger);
    // A request naming its own issue does not keep the options' title for another item.
    expect(model.context.value).toEqual({ projectId: 'p1', issueId: 'i7', title: undefined });
    expect(model.draft.value.text).toBe('About the export');
    model.close();
    model.close();
    expect(model.opened.value).toBe(false);
    model.open();
    expect(model.context.value).toEqual({ projectId: 'p1', issueId: undefined, title: 'Mobile app' });
    expect(events.map(({ type, detail }) => [type, detail])).toEqual([
      ['hearken:open', { issueId: 'i7' }],
      ['hearken:close', {}],
      ['hearken:open', {}],
    ]);
  });

  it('reads the workspace branding through the proxy, and forgets it without a workspace', async () => {
    const { open } = setup({ workspace: { id: 'ws1', name: 'Acme', accentColor: '#ff0000' } });
    const model = open();
    expect(model.branding.workspace.value).toBeNull();
    await vi.waitFor(() => expect(model.branding.workspace.value?.name).toBe('Acme'));
    model.update({ workspace: undefined });
    expect(model.branding.workspace.value).toBeNull();
  });

  it('presets the message only while it is empty', () => {
    const { model } = setup();
    model.preset('About the export: ');
    expect(model.draft.value.text).toBe('About the export: ');
    expect(model.draft.value.startedAt).toBe(0);
    model.preset('Something else');
    expect(model.draft.value.text).toBe('About the export: ');
  });

  it('refuses an invalid draft with errors by field, sends nothing, and clears an error once its field is edited', async () => {
    const { model, proxy, events } = setup();
    model.edit('email', 'not an email');
    const result = await model.submit();
    expect(result).toEqual({
      kind: 'invalid',
      errors: { text: { code: 'required' }, email: { code: 'invalid_email' } },
    });
    expect(model.errors.value).toEqual(result.kind === 'invalid' ? result.errors : null);
    expect(model.status.value).toEqual({ kind: 'idle' });
    model.edit('text', 'Now with text');
    expect(model.errors.value).toEqual({ email: { code: 'invalid_email' } });
    expect(proxy.requests).toEqual([]);
    expect(events).toEqual([]);
  });

  it('asks for an email beside a name before sending, since the service keeps a name only on a contact', async () => {
    const { model, proxy } = setup();
    model.edit('text', 'Exports are slow');
    model.edit('name', 'Ana');
    expect(await model.submit()).toEqual({ kind: 'invalid', errors: { email: { code: 'email_for_name' } } });
    expect(proxy.requests).toEqual([]);
    model.edit('email', 'ana@example.com');
    expect(await model.submit()).toMatchObject({ kind: 'sent' });
    expect(proxy.threads[0]?.body).toMatchObject({ contact_email: 'ana@example.com', contact_name: 'Ana' });
  });

  it('sends a valid draft as a WIDGET thread, then forgets its text but not the contact', async () => {
    const { model, proxy, events, store } = setup();
    model.setContext({ issueId: 'ISS-1' });
    model.edit('text', 'Exports are slow');
    model.edit('email', 'ana@example.com');
    vi.setSystemTime(1_004_000);
    const sending = model.submit({ honeypot: '' });
    expect(model.status.value).toEqual({ kind: 'sending' });
    expect(await sending).toEqual({ kind: 'sent', threadId: 't1' });
    expect(model.status.value).toEqual({ kind: 'sent', threadId: 't1' });
    expect(proxy.threads[0]?.body).toEqual({
      text: 'Exports are slow',
      origin: 'WIDGET',
      pain_level: 'UNKNOWN',
      contact_email: 'ana@example.com',
      issue_id: 'ISS-1',
      // Outside a browser the page context is the time zone alone.
      metadata: { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
    expect(proxy.threads[0]?.headers.get('x-hearken-fill-ms')).toBe('4000');
    expect(model.draft.value).toMatchObject({ text: '', email: 'ana@example.com' });
    expect(model.queue.value).toEqual([]);
    expect(stored(store)).toEqual([]);
    const key = proxy.threads[0]?.key;
    expect(events).toEqual([
      { type: 'hearken:submit', detail: { idempotencyKey: key } },
      { type: 'hearken:success', detail: { threadId: 't1', idempotencyKey: key } },
    ]);
    model.reset();
    expect(model.status.value).toEqual({ kind: 'idle' });
  });

  it('leaves the contact out when an identity token names the user', async () => {
    const { model, proxy } = setup();
    model.update({ identityToken: 'header.payload.signature' });
    model.edit('text', 'Signed in');
    model.edit('email', 'typed-before@example.com');
    await model.submit();
    expect(proxy.threads[0]?.body).not.toHaveProperty('contact_email');
    expect(proxy.threads[0]?.headers.get('authorization')).toBe('Bearer header.payload.signature');
  });

  it('sends notify_contact only when "Email me when this changes" is ticked, with someone to tell, and unticks it once sent', async () => {
    const { model, proxy } = setup();
    model.edit('text', 'Unticked');
    model.edit('email', 'ana@example.com');
    await model.submit();
    expect(proxy.threads[0]?.body).not.toHaveProperty('notify_contact');
    model.edit('text', 'Ticked without an email');
    model.edit('email', '');
    model.edit('notify', true);
    await model.submit();
    expect(proxy.threads[1]?.body).not.toHaveProperty('notify_contact');
    model.edit('text', 'Ticked');
    model.edit('email', 'ana@example.com');
    model.edit('notify', true);
    await model.submit();
    expect(proxy.threads[2]?.body).toMatchObject({ contact_email: 'ana@example.com', notify_contact: true });
    expect(model.draft.value.notify).toBe(false);
  });

  it('marks the fields the service refuses, drops the submission and reports the error', async () => {
    const { model, events, store } = setup({ reply: nameTooLongReply });
    model.edit('text', 'Hello');
    model.edit('email', 'ana@example.com');
    model.edit('name', 'A very long name');
    expect(await model.submit()).toMatchObject({ kind: 'rejected', error: { status: 400 } });
    expect(model.errors.value).toEqual({ name: { code: 'refused', message: 'Name is too long' } });
    expect(model.draft.value.text).toBe('Hello');
    expect(stored(store)).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      type: 'hearken:error',
      detail: { code: 'invalid_request', status: 400, requestId: 'req-42' },
    });
  });

  it('keeps feedback sent offline in the queue and sends it once, with its key, on retry', async () => {
    const { model, proxy, events, store } = setup({ faults: schedule('offline') });
    model.edit('text', 'Written on a train');
    expect(await model.submit()).toEqual({ kind: 'retry', reason: 'offline' });
    expect(model.queue.value).toHaveLength(1);
    expect(stored(store)).toHaveLength(1);
    const key = model.queue.value[0]?.key;
    expect(events.at(-1)).toEqual({ type: 'hearken:queued', detail: { idempotencyKey: key, reason: 'offline' } });
    await model.retry();
    expect(model.status.value).toEqual({ kind: 'sent', threadId: 't1' });
    expect(keysSent(proxy)).toEqual([key, key]);
    expect(proxy.threads.map((thread) => thread.key)).toEqual([key]);
    expect(model.queue.value).toEqual([]);
  });

  it('sends what an earlier page queued as soon as it is created', async () => {
    const store = memoryStorage();
    store.setItem(
      FEEDBACK_OUTBOX_KEY,
      JSON.stringify([
        {
          key: 'earlier-key',
          proxy: PROXY,
          input: { text: 'From yesterday', origin: 'WIDGET' },
          honeypot: '',
          fillMs: 9_000,
          attempts: 2,
          notBefore: 0,
        },
      ]),
    );
    const { proxy, events } = setup({}, store);
    await vi.waitFor(() => expect(proxy.threads).toHaveLength(1));
    expect(proxy.threads[0]?.key).toBe('earlier-key');
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        type: 'hearken:success',
        detail: { threadId: 't1', idempotencyKey: 'earlier-key' },
      }),
    );
  });
});

describe('a reload with a submission waiting (issue 34)', () => {
  it('sends it at once, not when the earlier visit’s backoff ends, and the form says it was sent', async () => {
    const store = memoryStorage();
    const first = setup({ faults: schedule('offline') }, store);
    first.model.edit('text', 'Written before the proxy went down');
    expect(await first.model.submit()).toEqual({ kind: 'retry', reason: 'offline' });
    expect(stored(store)).toHaveLength(1);
    first.model.dispose();

    // The next page, the proxy back: no timer runs, so only a send at load gets it out.
    const next = setup({}, store);
    await vi.waitFor(() => expect(next.proxy.threads).toHaveLength(1));
    await vi.waitFor(() => expect(next.model.status.value).toEqual({ kind: 'sent', threadId: 't1' }));
    expect(next.model.draft.value.text).toBe('');
  });

  it('shows a submission still waiting as the draft’s status', async () => {
    const store = memoryStorage();
    const first = setup({ faults: () => 'offline' }, store);
    first.model.edit('text', 'Still offline after the reload');
    await first.model.submit();
    first.model.dispose();
    const next = setup({ faults: () => 'offline' }, store);
    await vi.waitFor(() => expect(next.model.status.value).toEqual({ kind: 'retry', reason: 'offline' }));
    expect(next.model.draft.value.text).toBe('Still offline after the reload');
  });
});

describe('drafts per issue or project (issue 34)', () => {
  it('keeps a draft about one issue out of the form about another, and brings it back', () => {
    const { model, store } = setup();
    model.open({ issueId: 'ACME-200' });
    model.edit('email', 'ada@example.com');
    model.edit('text', 'About ACME-200: the export is slow');
    model.open({ issueId: 'ACME-215' });
    expect(model.draft.value.text).toBe('');
    // The contact is the user's, not the issue's: it comes along.
    expect(model.draft.value.email).toBe('ada@example.com');
    model.edit('text', 'About ACME-215');
    model.open({ issueId: 'ACME-200' });
    expect(model.draft.value.text).toBe('About ACME-200: the export is slow');
    expect(JSON.parse(store.getItem(feedbackDraftKey(PROXY, 'ws1', { issueId: 'ACME-215' }))!)).toMatchObject({
      text: 'About ACME-215',
    });
  });

  it('presets the text of a form opened about another issue, not kept from the one before', () => {
    const { model } = setup();
    model.open({ issueId: 'ACME-200', text: 'About ACME-200: ' });
    model.edit('text', 'About ACME-200: the export is slow');
    model.open({ issueId: 'ACME-215', text: 'About ACME-215: ' });
    expect(model.draft.value.text).toBe('About ACME-215: ');
    model.open({ issueId: 'ACME-200', text: 'About ACME-200: ' });
    expect(model.draft.value.text).toBe('About ACME-200: the export is slow');
  });

  it('keeps the text in the form when the user removes what it is about', () => {
    const { model } = setup();
    model.open({ issueId: 'ACME-200' });
    model.edit('text', 'Not really about this issue');
    model.setContext({});
    expect(model.context.value).toEqual({});
    expect(model.draft.value.text).toBe('Not really about this issue');
  });
});

describe('a screenshot being prepared (issue 34)', () => {
  it('is waited for by a submit pressed meanwhile, and goes with it', async () => {
    const { model, proxy } = setup({}, memoryStorage());
    model.update({ screenshots: true });
    model.edit('text', 'See the chart');
    let finish: (image: Screenshot) => void = () => {};
    void model.prepareScreenshot(new Promise<Screenshot>((resolve) => (finish = resolve)));
    expect(model.screenshotPreparing.value).toBe(true);
    const result = model.submit();
    expect(model.status.value).toEqual({ kind: 'sending' });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(proxy.threads).toHaveLength(0);
    finish(shot());
    expect(await result).toEqual({ kind: 'sent', threadId: 't1' });
    expect(proxy.messages).toHaveLength(1);
    expect(model.screenshotPreparing.value).toBe(false);
  });

  it('refuses the submit when it fails, sending nothing, and lets the next one go', async () => {
    const { model, proxy } = setup();
    model.update({ screenshots: true });
    model.edit('text', 'See the chart');
    const failing = model.prepareScreenshot(Promise.reject(new Error('encode failed')));
    const result = model.submit();
    await expect(failing).rejects.toThrow('encode failed');
    expect(await result).toEqual({ kind: 'attachment_failed' });
    expect(model.status.value).toEqual({ kind: 'attachment_failed' });
    expect(proxy.threads).toHaveLength(0);
    expect(model.draft.value.text).toBe('See the chart');
    expect(await model.submit()).toEqual({ kind: 'sent', threadId: 't1' });
  });
});

describe('the kind of feedback (issue 34)', () => {
  it('goes as metadata `kind` when it is one of those offered, and not otherwise', async () => {
    const { model, proxy } = setup();
    model.update({ kind: ['bug', 'idea'], context: 'off' });
    model.edit('text', 'It crashes');
    model.edit('kind', 'bug');
    await model.submit();
    expect(proxy.threads[0]?.body.metadata).toEqual({ kind: 'bug' });
    model.reset();
    model.edit('text', 'Another');
    model.edit('kind', 'question');
    await model.submit();
    expect(proxy.threads[1]?.body).not.toHaveProperty('metadata');
  });

  it('goes with a host context at the service’s limit: the host’s extras are left out, not the feedback', async () => {
    // A browser's page, so the form fills all its own keys.
    vi.stubGlobal('location', { href: 'https://app.example/billing' });
    vi.stubGlobal('document', { title: 'Billing' });
    vi.stubGlobal('navigator', { language: 'en-GB', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' });
    vi.stubGlobal('innerWidth', 390);
    vi.stubGlobal('innerHeight', 844);
    const { model, proxy, events } = setup();
    const context = Object.fromEntries(Array.from({ length: METADATA_MAX_ENTRIES }, (_, i) => [`host_${i}`, 'v']));
    model.update({ kind: ['bug'], context });
    model.edit('text', 'It crashes');
    model.edit('kind', 'bug');
    expect(await model.submit()).toMatchObject({ kind: 'sent' });
    const metadata = proxy.threads[0]?.body.metadata as Record<string, string>;
    expect(metadata.kind).toBe('bug');
    expect(threadMetadataSchema.safeParse(metadata).success, JSON.stringify(metadata)).toBe(true);
    expect(events.filter(({ type }) => type === 'hearken:error').map(({ detail }) => detail)).toContainEqual(
      expect.objectContaining({ code: 'too_many', message: expect.stringMatching(/^context\.host_\d+: left out/) }),
    );
  });
});

describe('feedback refused for lack of budget (429 with Retry-After)', () => {
  it('stays queued and is sent once the window reopens, exactly once with the same key', async () => {
    const { model, proxy, store, events } = setup({ faults: schedule('rate-limited'), retryAfter: 30 });
    model.edit('text', 'Sent while the key was busy');
    expect(await model.submit()).toEqual({ kind: 'retry', reason: 'rate_limited', retryAfterMs: 30_000 });
    const key = model.queue.value[0]?.key;
    expect(stored(store)).toMatchObject([{ key, waitingFor: 'rate_limited', notBefore: 1_030_000 }]);
    expect(events.map((event) => event.type)).toEqual(['hearken:submit', 'hearken:queued']);
    // Nothing goes out while the window is closed, not even when asked to retry.
    await vi.advanceTimersByTimeAsync(29_000);
    await model.retry();
    expect(keysSent(proxy)).toEqual([key]);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(model.status.value).toEqual({ kind: 'sent', threadId: 't1' }));
    expect(keysSent(proxy)).toEqual([key, key]);
    expect(proxy.threads.map((thread) => thread.key)).toEqual([key]);
    expect(stored(store)).toEqual([]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(proxy.threads).toHaveLength(1);
  });

  it('holds feedback written during the wait without sending it, then sends each once', async () => {
    const { model, proxy } = setup({ faults: schedule('rate-limited'), retryAfter: 20 });
    model.edit('text', 'First');
    await model.submit();
    await vi.advanceTimersByTimeAsync(5_000);
    model.edit('text', 'Second');
    expect(await model.submit()).toEqual({ kind: 'retry', reason: 'rate_limited', retryAfterMs: 15_000 });
    expect(keysSent(proxy)).toHaveLength(1);
    expect(model.queue.value.map((entry) => entry.input.text)).toEqual(['First', 'Second']);
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(proxy.threads).toHaveLength(2));
    expect(proxy.threads.map((thread) => thread.body.text)).toEqual(['First', 'Second']);
    expect(keysSent(proxy)).toHaveLength(3);
    expect(model.status.value).toEqual({ kind: 'sent', threadId: 't2' });
  });

  it('is kept across a reload during the wait and sent once by the next page, not before the window reopens', async () => {
    const store = memoryStorage();
    const proxy = fakeProxy({ faults: schedule('rate-limited'), retryAfter: 60 });
    const first = setup({}, store, proxy);
    first.model.edit('text', 'Written before a reload');
    await first.model.submit();
    const key = first.model.queue.value[0]?.key;
    first.model.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    const { model } = setup({}, store, proxy);
    await vi.advanceTimersByTimeAsync(1);
    expect(model.queue.value.map((entry) => entry.key)).toEqual([key]);
    await vi.advanceTimersByTimeAsync(48_999);
    expect(keysSent(proxy)).toEqual([key]);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(proxy.threads).toHaveLength(1));
    expect(keysSent(proxy)).toEqual([key, key]);
    expect(proxy.threads[0]?.key).toBe(key);
    expect(model.queue.value).toEqual([]);
  });

  it('stops waiting once disposed; what waits stays stored', async () => {
    const { model, proxy, store } = setup({ faults: schedule('rate-limited'), retryAfter: 5 });
    model.edit('text', 'Left behind');
    await model.submit();
    model.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(keysSent(proxy)).toHaveLength(1);
    expect(stored(store)).toHaveLength(1);
  });
});
