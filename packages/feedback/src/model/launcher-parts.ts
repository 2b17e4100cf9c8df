import { createThreadUpdatesReader } from '@hearken/core';
import { type KeyValueStorage, whenIdle } from '@hearken/ui/dom';
import { createRequestUpdates, type RequestUpdates } from '@hearken/ui/model';
import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { ResolvedFeedbackOptions } from '../options.ts';
import { type Branding, createBranding } from './branding.ts';
import { createWhatsNew, type WhatsNew } from './whats-new.ts';

/** The options the launcher's parts read. */
export type LauncherPartsOptions = Pick<ResolvedFeedbackOptions, 'proxy'> &
  Partial<Pick<ResolvedFeedbackOptions, 'apiBase' | 'workspace' | 'fetch'>>;

/**
 * What the launcher shows before anyone opens the form: the workspace's branding (its colours),
 * the changelog's unread count and what moved of this browser's requests. The element's view
 * makes them on idle and hands them to the form's model when the form loads, so the form reads
 * nothing twice; a model made without them makes its own.
 */
export interface LauncherParts {
  readonly branding: Branding;
  readonly whatsNew: WhatsNew;
  readonly requests: RequestUpdates;
  dispose(): void;
}

/**
 * The launcher's parts over `options` and `storage`, each reading through the proxy (or
 * `apiBase`); the updates read goes out once per page load, when the browser is idle.
 */
export function createLauncherParts(
  options: ReadonlySignal<LauncherPartsOptions>,
  storage: ReadonlySignal<KeyValueStorage>,
): LauncherParts {
  const branding = createBranding(
    computed(() => ({
      base: options.value.apiBase ?? options.value.proxy,
      workspace: options.value.workspace,
      fetch: options.value.fetch,
    })),
  );
  const whatsNew = createWhatsNew(
    computed(() => ({ ...options.value, storage: storage.value })),
    branding.latestChangelog,
    computed(() => branding.workspace.value?.changelogPublic === false),
  );
  const requests = createRequestUpdates({
    storage,
    workspace: computed(() => options.value.workspace ?? ''),
    proxy: computed(() => options.value.proxy || null),
    reader: async () => createThreadUpdatesReader({ baseUrl: options.peek().proxy, fetch: options.peek().fetch }),
  });
  const idle = whenIdle(() => void requests.refresh());
  return {
    branding,
    whatsNew,
    requests,
    dispose() {
      idle();
      requests.dispose();
      whatsNew.dispose();
      branding.dispose();
    },
  };
}
