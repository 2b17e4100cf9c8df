import { type ChangelogEntry, getWorkspace, type Workspace, type WorkspaceResponse } from '@hearken/core';
import { batch, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { portalConnection } from './portal-connection.ts';

/**
 * The workspace's branding and latest changelog entry, read from the public workspace endpoint (through the proxy unless
 * `apiBase` says otherwise) with core's `getWorkspace`, the portal client's own read, so the
 * projects' and issues' schemas stay out of the form. Null when it cannot be read: the default
 * palette then applies. Repeated reads (several widgets, remounts) go over the page's one
 * connection to `baseUrl`, which revalidates with the last answer's ETag.
 */
export async function loadBranding(
  baseUrl: string,
  workspace: string,
  fetch: typeof globalThis.fetch | undefined,
  signal: AbortSignal,
): Promise<WorkspaceResponse | null> {
  try {
    return await getWorkspace(portalConnection(baseUrl, fetch), workspace, { signal });
  } catch {
    return null;
  }
}

/** Where the branding is read: a base URL (the proxy unless `apiBase` says otherwise) and a workspace. */
export interface BrandingSource {
  base: string | undefined;
  workspace: string | undefined;
  fetch: typeof globalThis.fetch | undefined;
}

/** The branding part: the workspace and its latest public changelog entry, read again when the source changes. */
export interface Branding {
  /** Null without a workspace, until read, or when unreadable. */
  readonly workspace: ReadonlySignal<Workspace | null>;
  /** The newest published entry, when the workspace's changelog is public. */
  readonly latestChangelog: ReadonlySignal<ChangelogEntry | null>;
  dispose(): void;
}

/** Reads the branding of `source`'s workspace, again (the earlier read aborted) whenever it changes. */
export function createBranding(source: ReadonlySignal<BrandingSource>): Branding {
  const workspace = signal<Workspace | null>(null);
  const latestChangelog = signal<ChangelogEntry | null>(null);
  const dispose = effect(() => {
    const { base, workspace: id, fetch } = source.value;
    if (!base || !id) {
      batch(() => {
        workspace.value = null;
        latestChangelog.value = null;
      });
      return undefined;
    }
    const controller = new AbortController();
    void loadBranding(base, id, fetch, controller.signal).then((loaded) => {
      if (controller.signal.aborted) return;
      batch(() => {
        workspace.value = loaded?.workspace ?? null;
        latestChangelog.value = loaded?.workspace.changelogPublic ? loaded.latestChangelog : null;
      });
    });
    return () => controller.abort();
  });
  return { workspace, latestChangelog, dispose };
}
