import { type Issue, listIssues, type PortalConnection } from '@hearken/core';
import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { portalConnection } from './portal-connection.ts';

/** Where a workspace's public issue list is read: `api-base`, else the proxy's portal mode. */
export interface IssueListSource {
  base: string;
  workspace: string;
  /** Language of titles and descriptions; the original text where no translation exists. */
  language?: string | undefined;
  fetch?: typeof globalThis.fetch | undefined;
}

/** One workspace's public issue list for the page's session, shared by every form reading it. */
export interface IssueList {
  /** The issues (deleted and hidden ones left out); null until the first read answers (or if it never does). */
  readonly issues: ReadonlySignal<readonly Issue[] | null>;
  /**
   * Reads the list again. The connection keeps the last answer's ETag, so an unchanged list costs
   * a 304 and keeps the same array; reads already under way are joined, failures keep what was read.
   */
  refresh(): Promise<void>;
}

interface Entry {
  list: IssueList;
  issues: Signal<readonly Issue[] | null>;
  pending: Promise<void> | null;
}

// Per connection, one list per workspace and language for the life of the page: every form on it
// shares them.
const lists = new Map<PortalConnection, Map<string, Entry>>();

/** The session's list of `source`, made on first use; call `refresh()` to read it. */
export function issueList(source: IssueListSource): IssueList {
  const connection = portalConnection(source.base, source.fetch);
  let byList = lists.get(connection);
  if (!byList) {
    byList = new Map();
    lists.set(connection, byList);
  }
  const key = `${source.workspace}\n${source.language ?? ''}`;
  const existing = byList.get(key);
  if (existing) return existing.list;
  const issues = signal<readonly Issue[] | null>(null);
  let lastRead: readonly Issue[] | null = null;
  const entry: Entry = {
    issues,
    pending: null,
    list: {
      issues,
      refresh() {
        entry.pending ??= listIssues(connection, source.workspace, { language: source.language })
          .then((read) => {
            // A 304 hands back the array read before: nothing changed, so nothing to recompute.
            if (read !== lastRead) {
              lastRead = read;
              issues.value = read.filter((issue) => !issue.isDeleted && issue.isVisible !== false);
            }
          })
          .catch(() => {
            // Suggestions are a help, not the form: without the list the form works as before.
          })
          .finally(() => {
            entry.pending = null;
          });
        return entry.pending;
      },
    },
  };
  byList.set(key, entry);
  return entry.list;
}
