// @vitest-environment node
import { FEEDBACK_OUTBOX_KEY } from '@hearken/core';
import { issue } from '@hearken/test-support';
import { type KeyValueStorage, memoryStorage } from '@hearken/ui/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeProxyOptions, fakeProxy } from '../test/fake-proxy.ts';
import { createFeedbackModel, type FeedbackModel, type FeedbackModelOptions } from './feedback-model.ts';
import { SUGGEST_DELAY_MS, saysEnough } from './suggestions.ts';

const ISSUES = [
  issue('i_pdf', { title: 'Export notes to PDF', status: 'Planned', upvotes: 12 }),
  issue('i_dark', { title: 'Dark mode for the editor', status: 'In progress', upvotes: 30 }),
  issue('i_sync', { title: 'Offline sync on mobile', status: 'Backlog', upvotes: 4 }),
  issue('i_share', { title: 'Share a notebook with my team', status: 'Done', upvotes: 8 }),
];

let models: FeedbackModel[] = [];
// Each test its own proxy URL: the issue lists are kept for the page's session, per source.
let run = 0;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  run += 1;
});

afterEach(() => {
  for (const model of models) model.dispose();
  models = [];
  vi.useRealTimers();
});

function setup(proxyOptions: FakeProxyOptions = {}, options: Partial<FeedbackModelOptions> = {}) {
  const issues = structuredClone(ISSUES) as unknown as Record<string, unknown>[];
  const proxy = fakeProxy({ issues, ...proxyOptions });
  const store: KeyValueStorage = memoryStorage();
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  const model = createFeedbackModel({
    proxy: `https://proxy-${run}.test`,
    workspace: 'ws1',
    fetch: proxy.fetch,
    storage: store,
    onEvent: (type, detail) => events.push({ type, detail: detail as Record<string, unknown> }),
    ...options,
  });
  models.push(model);
  return { model, proxy, store, events, issues };
}

/** Types `text` and waits out the pause (and the matcher's first load). */
async function type(model: FeedbackModel, text: string) {
  model.edit('text', text);
  await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS + 10);
}

const shown = (model: FeedbackModel) => model.suggestions.items.value.map((s) => s.issue.id);
const issueReads = (proxy: ReturnType<typeof fakeProxy>) =>
  proxy.requests.filter((request) => new URL(request.url).pathname.startsWith('/api/v1/issues/'));

describe('suggestions', () => {
  it('start from about three words or a dozen characters', () => {
    expect(saysEnough('pdf export')).toBe(false);
    expect(saysEnough('   export  ')).toBe(false);
    expect(saysEnough('pdf export pls')).toBe(true);
    expect(saysEnough('exporttopdfs')).toBe(true);
  });

  it('show the issues like the draft after a pause, none before it or for a short draft', async () => {
    const { model, events } = setup();
    model.open();
    model.edit('text', 'pdf');
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS * 2);
    expect(shown(model)).toEqual([]);
    model.edit('text', 'I would love to export my notes as a PDF');
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 50);
    expect(shown(model)).toEqual([]);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(100);
      expect(shown(model)[0]).toBe('i_pdf');
    });
    expect(model.suggestions.items.value[0]).toMatchObject({ upvotes: 12, issue: { status: 'Planned' } });
    expect(events.filter((event) => event.type === 'hearken:suggest').at(-1)?.detail).toMatchObject({
      suggestions: [{ issueId: 'i_pdf', title: 'Export notes to PDF', upvotes: 12 }],
    });
  });

  it('leave out an unrelated draft, and the issue the form is about', async () => {
    const { model } = setup({}, { issueId: 'i_pdf' });
    model.open();
    await type(model, 'the login page is very slow today');
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS);
    expect(shown(model)).toEqual([]);
    model.edit('text', 'I would love to export my notes as a PDF');
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS * 3);
    expect(shown(model)).toEqual([]);
    // Once the form is no longer about that issue, it is suggested like any other.
    model.setContext({});
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(100);
      expect(shown(model)).toEqual(['i_pdf']);
    });
  });

  it('show nothing when turned off, and read no list', async () => {
    const { model, proxy } = setup({}, { suggest: false });
    model.open();
    await type(model, 'I would love to export my notes as a PDF');
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS * 3);
    expect(shown(model)).toEqual([]);
    expect(issueReads(proxy)).toHaveLength(0);
  });

  it('start when turned on while the user types', async () => {
    const { model } = setup({}, { suggest: false });
    model.open();
    await type(model, 'I would love to export my notes as a PDF');
    expect(shown(model)).toEqual([]);
    model.update({ suggest: true });
    model.edit('text', 'I would love to export my notes as a PDF ');
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(100);
      expect(shown(model)).toEqual(['i_pdf']);
    });
  });

  it('read the list when the form opens, revalidate it with its ETag at the next opening', async () => {
    const { model, proxy, issues } = setup();
    expect(issueReads(proxy)).toHaveLength(0);
    model.open();
    await vi.waitFor(() => expect(issueReads(proxy)).toHaveLength(1));
    model.edit('text', 'typing reads nothing more');
    model.close();
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS * 2);
    expect(issueReads(proxy)).toHaveLength(1);
    model.open();
    await vi.waitFor(() => expect(issueReads(proxy)).toHaveLength(2));
    expect(issueReads(proxy)[1]!.headers.get('if-none-match')).toMatch(/^".+"$/);
    // A changed list comes back whole and is matched from then on.
    issues.push(issue('i_tags', { title: 'Nested tags for notes' }) as unknown as Record<string, unknown>);
    model.close();
    model.open();
    await vi.waitFor(() => expect(issueReads(proxy)).toHaveLength(3));
    model.edit('text', 'can we have nested tags please');
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(100);
      expect(shown(model)).toContain('i_tags');
    });
  });
});

describe('a vote for a suggestion', () => {
  it('sends one UPVOTE thread with the draft as its text, through the outbox, and counts it', async () => {
    const { model, proxy, events, store } = setup();
    model.open();
    model.edit('email', 'ada@example.com');
    model.edit('text', 'I would love to export my notes as a PDF');
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(100);
      expect(shown(model)[0]).toBe('i_pdf');
    });
    const result = await model.vote('i_pdf');
    expect(result).toEqual({ kind: 'sent', threadId: 't1' });
    expect(proxy.threads).toHaveLength(1);
    expect(proxy.threads[0]!.body).toEqual({
      text: 'I would love to export my notes as a PDF',
      origin: 'UPVOTE',
      issue_id: 'i_pdf',
      pain_level: 'UNKNOWN',
      contact_email: 'ada@example.com',
    });
    expect(proxy.threads[0]!.key).toMatch(/.+/);
    expect(model.voted.value).toMatchObject({ issue: { id: 'i_pdf' }, upvotes: 13 });
    expect(model.status.value.kind).toBe('sent');
    const vote = events.find((event) => event.type === 'hearken:vote');
    expect(vote?.detail).toEqual({ issueId: 'i_pdf', idempotencyKey: proxy.threads[0]!.key });
    expect(events.map((event) => event.type)).not.toContain('hearken:submit');
    expect(store.getItem(FEEDBACK_OUTBOX_KEY) ?? '[]').toBe('[]');
    // The words went with the vote: the draft is done, the email stays for next time.
    expect(model.draft.value).toMatchObject({ text: '', email: 'ada@example.com' });
  });

  it('waits in the queue offline, counted at once, and is sent once when the browser is back', async () => {
    let offline = true;
    const { model, proxy, events } = setup({ faults: () => (offline ? 'offline' : 'none') });
    model.open();
    model.edit('text', 'I would love to export my notes as a PDF');
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(100);
      expect(shown(model)[0]).toBe('i_pdf');
    });
    expect(await model.vote('i_pdf')).toMatchObject({ kind: 'retry', reason: 'offline' });
    expect(model.suggestions.items.value[0]?.upvotes).toBe(13);
    // A second click is the same vote: one key, counted once.
    await model.vote('i_pdf');
    expect(model.suggestions.items.value[0]?.upvotes).toBe(13);
    expect(model.queue.value).toHaveLength(1);
    expect(events.filter((event) => event.type === 'hearken:vote')).toHaveLength(1);
    offline = false;
    await model.retry();
    expect(proxy.threads).toHaveLength(1);
    expect(proxy.threads[0]!.body).toMatchObject({ origin: 'UPVOTE', issue_id: 'i_pdf' });
    const keys = new Set(
      proxy.requests.filter((r) => r.method === 'POST').map((r) => r.headers.get('idempotency-key')),
    );
    expect(keys.size).toBe(1);
    expect(model.queue.value).toHaveLength(0);
    expect(model.status.value.kind).toBe('sent');
  });

  it('leaves the message to send as feedback instead, and refuses an issue it does not know', async () => {
    const { model, proxy } = setup();
    model.open();
    model.edit('text', 'I would love to export my notes as a PDF');
    await vi.waitFor(() => expect(issueReads(proxy)).toHaveLength(1));
    expect(await model.vote('i_unknown')).toEqual({ kind: 'unknown_issue' });
    expect(await model.submit()).toMatchObject({ kind: 'sent' });
    expect(proxy.threads.map((thread) => thread.body.origin)).toEqual(['WIDGET']);
    expect(model.voted.value).toBeNull();
  });
});
