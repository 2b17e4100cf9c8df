/**
 * Shared helpers for the browser tests: where the stack runs (set by global-setup.ts), the
 * service read back with the full-access key, and page instrumentation.
 */
import type { Page } from '@playwright/test';

/** Where one stack runs, and its seed's full-access key (global-setup.ts starts one per worker). */
export interface StackUrls {
  examplesUrl: string;
  serverUrl: string;
  proxyUrl: string;
  workspaceId: string;
  fullKey: string;
}

let mine: StackUrls | undefined;

/** This worker's stack: each worker's tests run against data no other worker touches. */
function own(): StackUrls {
  if (mine) return mine;
  const all = process.env.HEARKEN_STACKS;
  if (!all)
    throw new Error('HEARKEN_STACKS is not set: the tests run through playwright.config.ts, which starts the stacks.');
  const stacks: StackUrls[] = JSON.parse(all);
  const found = stacks[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % stacks.length];
  if (!found) throw new Error('HEARKEN_STACKS lists no stack.');
  mine = found;
  return found;
}

export const stack = {
  get examplesUrl() {
    return own().examplesUrl;
  },
  get serverUrl() {
    return own().serverUrl;
  },
  get proxyUrl() {
    return own().proxyUrl;
  },
  get workspaceId() {
    return own().workspaceId;
  },
  get fullKey() {
    return own().fullKey;
  },
};

/** The example pages, by name, with their path on the examples server. */
export const examples = {
  'marketing-site': '/marketing-site/',
  'marketing-site-snippet': '/marketing-site/pricing.html',
  'host-app': '/host-app/',
  'settings-page': '/settings-page/',
} as const;

export const url = (path: string) => new URL(path, stack.examplesUrl).href;

/**
 * Records every CSP violation the page reports (the DOM event, which also fires inside shadow
 * roots' documents) and every console error, from before the first script runs.
 */
export async function watchPage(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return {
    consoleErrors,
    cspViolations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

/** A thread row as the v2 API returns it (the fields the tests look at). */
export interface V2Thread {
  id: string;
  text: string;
  origin: string;
  issue_id: string | null;
  project_id: string | null;
  contact: { email: string; name: string | null } | null;
  moderation: 'clear' | 'held';
  moderation_reasons: string[];
}

/** GET on the service's v2 API with the seed's full-access key, as an operator would. */
async function v2<T>(path: string): Promise<T> {
  const response = await fetch(new URL(`/api/v2${path}`, stack.serverUrl), {
    headers: { authorization: `Bearer ${stack.fullKey}` },
  });
  if (!response.ok) throw new Error(`GET /api/v2${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const getThread = (id: string) => v2<V2Thread>(`/threads/${encodeURIComponent(id)}`);

/** One of the demo workspace's public reads, straight from the service, as the widgets fetch it. */
export async function portalRead<T>(resource: 'workspaces' | 'projects' | 'issues'): Promise<T> {
  const path = `/api/v1/${resource}/${stack.workspaceId}`;
  const response = await fetch(new URL(path, stack.serverUrl));
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every thread whose text is exactly `text`, over all pages. */
export async function threadsWithText(text: string): Promise<V2Thread[]> {
  const found: V2Thread[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const page: { data: V2Thread[]; page: { cursor: string | null; has_more: boolean } } = await v2(`/threads${query}`);
    found.push(...page.data.filter((thread) => thread.text === text));
    cursor = page.page.has_more ? page.page.cursor : null;
  } while (cursor);
  return found;
}

/** Resolves with the detail of the next `type` event the page dispatches. */
export function nextEvent<T = unknown>(page: Page, type: string): Promise<T> {
  return page.evaluate(
    (name) =>
      new Promise<T>((resolve) =>
        document.addEventListener(name, (event) => resolve((event as CustomEvent<T>).detail), { once: true }),
      ),
    type,
  );
}

/** The proxy holds for review submissions filled in faster than a person types (1.5 s by default). */
export const HUMAN_PAUSE_MS = 1_700;

/** A message no other test writes, so threads can be found by their text. */
export const uniqueText = (label: string) =>
  `${label} ${new Date().toISOString()} ${Math.random().toString(36).slice(2, 8)}`;

/** Holds requests matching `pattern` until the returned function is called (a slow network, on cue). */
export async function holdBack(page: Page, pattern: string | RegExp | ((url: URL) => boolean)) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
