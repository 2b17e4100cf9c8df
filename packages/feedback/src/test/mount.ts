import { type KeyValueStorage, memoryStorage } from '@hearken/ui/dom';
import { within } from '@testing-library/preact';
import { type FeedbackHandle, mountFeedback } from '../element/mount.ts';
import type { FeedbackEventName } from '../events.ts';
import type { FeedbackOptions } from '../options.ts';
import { type FakeProxyOptions, fakeProxy } from './fake-proxy.ts';

export const PROXY = 'https://proxy.test';

const EVENTS: FeedbackEventName[] = [
  'hearken:open',
  'hearken:close',
  'hearken:submit',
  'hearken:suggest',
  'hearken:vote',
  'hearken:success',
  'hearken:queued',
  'hearken:error',
  'hearken:unread',
  'hearken:updates',
];

/** Mounts the widget the way a page would, with a scripted proxy and an in-memory store. */
export function mountWidget(
  options: Partial<FeedbackOptions> = {},
  proxyOptions: FakeProxyOptions = {},
  store: KeyValueStorage = memoryStorage(),
) {
  const host = document.createElement('div');
  document.body.append(host);
  const proxy = fakeProxy(proxyOptions);
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  for (const type of EVENTS) {
    host.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
  }
  const handle: FeedbackHandle = mountFeedback(host, { proxy: PROXY, fetch: proxy.fetch, storage: store, ...options });
  const root = host.shadowRoot!;
  return {
    host,
    handle,
    proxy,
    store,
    events,
    root,
    ui: within(root as unknown as HTMLElement),
    /** The element focused inside the widget. */
    focused: () => root.activeElement,
  };
}
