// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeProxyOptions, type Fault, fakeProxy } from '../test/fake-proxy.ts';
import { createFeedbackModel, type FeedbackModel, type FeedbackModelOptions } from './feedback-model.ts';
import type { Screenshot } from './screenshot.ts';

let models: FeedbackModel[] = [];
let proxies = 0;

afterEach(() => {
  for (const model of models) model.dispose();
  models = [];
  vi.restoreAllMocks();
});

const PNG = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13];
const shot = (): Screenshot => ({
  blob: new Blob([new Uint8Array(PNG)], { type: 'image/png' }),
  type: 'image/png',
  width: 1280,
  height: 720,
});

/** Faults in order, then none. */
const schedule =
  (...faults: Fault[]) =>
  () =>
    faults.shift() ?? 'none';

/**
 * Models over the page's real queue (IndexedDB, here fake-indexeddb), as the element makes them:
 * each test its own proxy URL, so queues never mix; `open` again is the next page load.
 */
function setup(proxyOptions: FakeProxyOptions = {}, extra: Partial<FeedbackModelOptions> = {}) {
  const proxy = fakeProxy(proxyOptions);
  const url = `https://proxy-${++proxies}.test`;
  const events: { type: string; detail: object }[] = [];
  const open = () => {
    const model = createFeedbackModel({
      proxy: url,
      fetch: proxy.fetch,
      screenshots: true,
      onEvent: (type, detail) => events.push({ type, detail }),
      ...extra,
    });
    models.push(model);
    return model;
  };
  const posts = (path: RegExp) =>
    proxy.requests
      .filter((request) => request.method === 'POST' && path.test(new URL(request.url).pathname))
      .map((request) => request.headers.get('idempotency-key'));
  return {
    model: open(),
    open,
    proxy,
    events,
    threadPosts: () => posts(/\/threads$/),
    messagePosts: () => posts(/\/messages$/),
  };
}

describe('a submission with a screenshot', () => {
  it('sends the thread, then the image as one attachment of a message with the proxy’s ticket, each with its own key', async () => {
    const { model, proxy, threadPosts, messagePosts } = setup();
    model.edit('text', 'The chart is cut off');
    model.setScreenshot(shot());
    expect(await model.submit()).toEqual({ kind: 'sent', threadId: 't1' });
    expect(proxy.threads).toHaveLength(1);
    expect(proxy.messages).toHaveLength(1);
    const [message] = proxy.messages;
    expect(message).toMatchObject({ threadId: 't1', ticket: 'ticket-t1' });
    expect(message?.body.attachments).toEqual([
      { name: 'screenshot.png', content_type: 'image/png', content: btoa(String.fromCharCode(...PNG)) },
    ]);
    expect(threadPosts()).toHaveLength(1);
    expect(messagePosts()).toHaveLength(1);
    expect(messagePosts()[0]).not.toBe(threadPosts()[0]);
    // The queue has it now: the next submission starts without one.
    expect(model.screenshot.value).toBeNull();
    expect(model.queue.value).toEqual([]);
  });

  it('resumes at the message after a reload when the network went down between the two, sending each once', async () => {
    const first = setup({ faults: schedule('none', 'offline') });
    first.model.edit('text', 'Sent on a train');
    first.model.setScreenshot(shot());
    expect(await first.model.submit()).toEqual({ kind: 'retry', reason: 'offline' });
    expect(first.proxy.threads).toHaveLength(1);
    expect(first.proxy.messages).toHaveLength(0);
    expect(first.model.queue.value[0]).toMatchObject({ thread: { id: 't1', ticket: 'ticket-t1' } });
    first.model.dispose();

    // The next page: the queue, image included, comes back from IndexedDB.
    const model = first.open();
    await model.retry();
    expect(first.proxy.threads).toHaveLength(1);
    expect(first.proxy.messages).toHaveLength(1);
    expect(first.threadPosts()).toHaveLength(1);
    const keys = first.messagePosts();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(model.queue.value).toEqual([]);
    expect(first.events.filter((event) => event.type === 'hearken:success')).toHaveLength(1);
  });

  it('stores the message once when its answer is lost and it is sent again', async () => {
    const { model, proxy, messagePosts } = setup({ faults: schedule('none', 'lost-response') });
    model.edit('text', 'Lost on the way back');
    model.setScreenshot(shot());
    expect(await model.submit()).toEqual({ kind: 'retry', reason: 'offline' });
    await model.retry();
    expect(proxy.messages).toHaveLength(1);
    expect(messagePosts()).toHaveLength(2);
    expect(model.queue.value).toEqual([]);
  });

  it('reports a refused image clearly and keeps the thread sent', async () => {
    const { model, proxy, events } = setup({
      messageReply: () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'payload_too_large',
              message: 'attachments[0]: larger than 2 MB',
              request_id: 'r-413',
            },
          }),
          { status: 413, headers: { 'content-type': 'application/json' } },
        ),
    });
    model.edit('text', 'A huge image');
    model.setScreenshot(shot());
    const result = await model.submit();
    expect(result).toMatchObject({ kind: 'sent', threadId: 't1', imageError: { status: 413 } });
    expect(proxy.threads).toHaveLength(1);
    expect(model.queue.value).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['hearken:submit', 'hearken:success', 'hearken:error']);
    expect(events[2]?.detail).toMatchObject({ code: 'payload_too_large', message: 'attachments[0]: larger than 2 MB' });
  });

  it('takes no screenshot while screenshots are off, nor an image type the proxy refuses', () => {
    const { model } = setup({}, { screenshots: false });
    expect(() => model.setScreenshot(shot())).toThrow(
      expect.objectContaining({ name: 'ScreenshotError', code: 'screenshots_off' }),
    );
    model.update({ screenshots: true });
    expect(() => model.setScreenshot({ ...shot(), type: 'image/svg+xml' })).toThrow(
      expect.objectContaining({ name: 'ScreenshotError', code: 'unsupported_type' }),
    );
    model.setScreenshot(shot());
    model.update({ screenshots: false });
    expect(model.screenshot.value).toBeNull();
  });
});

describe('the page context', () => {
  it('goes with the thread, the host’s entries included; a refused host key is reported by name and left out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { model, proxy, events } = setup({}, { context: { app_version: '4.2.0', 'bad key': 'x' } });
    expect(events).toEqual([
      {
        type: 'hearken:error',
        detail: {
          code: 'invalid_key',
          message: 'context.bad key: keys are 1-40 characters of A-Z, a-z, 0-9, _, . or -',
        },
      },
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('context.bad key'));
    expect(model.pageContext.value).toMatchObject({ app_version: '4.2.0' });
    model.edit('text', 'With context');
    await model.submit();
    expect(proxy.threads[0]?.body.metadata).toEqual({
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      app_version: '4.2.0',
    });
  });

  it('is left out when the user removes it, and with context "off"', async () => {
    const { model, proxy } = setup({}, { context: { app_version: '4.2.0' } });
    model.includeContext(false);
    model.edit('text', 'Without context');
    await model.submit();
    expect(proxy.threads[0]?.body).not.toHaveProperty('metadata');

    const off = setup({}, { context: 'off' });
    expect(off.model.pageContext.value).toEqual({});
    off.model.edit('text', 'Context off');
    await off.model.submit();
    expect(off.proxy.threads[0]?.body).not.toHaveProperty('metadata');
  });

  it('is kept in the queue as it was at submit time', async () => {
    const { model, proxy } = setup({ faults: schedule('offline') }, { context: { step: 'checkout' } });
    model.edit('text', 'Queued with its context');
    await model.submit();
    model.update({ context: { step: 'receipt' } });
    await model.retry();
    expect(proxy.threads[0]?.body.metadata).toMatchObject({ step: 'checkout' });
  });
});
