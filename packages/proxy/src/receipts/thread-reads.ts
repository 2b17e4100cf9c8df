import {
  fillPath,
  PAGE_LIMIT_MAX,
  portalListIssuesOperation,
  v2BulkDeleteThreadsOperation,
  v2GetThreadOperation,
  v2ListThreadsOperation,
} from '@hearken/core';
import { DEFAULTS } from '../config/defaults.ts';
import type { ResolvedOptions } from '../config/options.ts';

/** The fields of a thread row the receipts' routes read. */
export interface ThreadRow {
  id: string;
  state: string;
  origin: string;
  updated_at: string;
  issue_id: string | null;
}

/** A read's result: the row, `null` when the service has no such live thread, or `failed`. */
export type Read<T> = T | null | 'failed';

/** Issues the portal lists, by id: their title and their status in the workspace's words. */
export type IssueDirectory = ReadonlyMap<string, { title: string; status: string }>;

/** Thread reads in flight at once for one updates read. */
const CONCURRENCY = 8;

/** The service's threads and issues as the receipts' routes need them, read with the proxy's key. */
export function threadReads(options: ResolvedOptions, workspaceId: string) {
  const keyed = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
  // The issues' titles and statuses are kept as long as the portal reads are cached (the default without portal mode).
  const issuesMaxAgeMs = (options.portalMaxAgeSeconds ?? DEFAULTS.portalMaxAgeSeconds) * 1000;

  async function getJson(path: string, headers: Record<string, string>, body?: string) {
    const upstream = await options.transport(
      {
        method: body === undefined ? 'GET' : 'POST',
        base: options.upstream,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      },
      options.timeout,
    );
    if (!upstream.ok) return { status: 0, body: null };
    try {
      return { status: upstream.status, body: JSON.parse(upstream.text) as unknown };
    } catch {
      return { status: 0, body: null };
    }
  }

  async function thread(id: string): Promise<Read<ThreadRow>> {
    const { status, body } = await getJson(fillPath(v2GetThreadOperation.path, { id }), keyed);
    if (status === 404) return null;
    return status === 200 ? (body as ThreadRow) : 'failed';
  }

  let issues: { at: number; directory: Promise<IssueDirectory> } | null = null;
  async function loadIssues(): Promise<IssueDirectory> {
    // Public data: read as the portal shows it, so the key needs no issues:read. An unpublished portal shows none.
    const { status, body } = await getJson(fillPath(portalListIssuesOperation.path, { workspaceId }), {
      accept: 'application/json',
    });
    if (status !== 200 || !Array.isArray(body)) return new Map();
    return new Map(
      (body as { id: string; title: string; status: string }[]).map((issue) => [
        issue.id,
        { title: issue.title, status: issue.status },
      ]),
    );
  }

  return {
    /** Each id's live thread, in order; `failed` when any read failed. */
    async threads(ids: readonly string[]): Promise<ThreadRow[] | 'failed'> {
      const rows: Read<ThreadRow>[] = new Array(ids.length);
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const index = next++;
          rows[index] = await thread(ids[index]!);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
      if (rows.includes('failed')) return 'failed';
      return rows.filter((row): row is ThreadRow => row !== null && row !== 'failed');
    },
    thread,
    /** The live threads whose contact has `email`: the newest 200. */
    async threadsOf(email: string): Promise<ThreadRow[] | 'failed'> {
      const query = new URLSearchParams({ contact_email: email, limit: String(PAGE_LIMIT_MAX) });
      const { status, body } = await getJson(`${v2ListThreadsOperation.path}?${query}`, keyed);
      const data = (body as { data?: unknown } | null)?.data;
      if (status !== 200 || !Array.isArray(data)) return 'failed';
      // Checked again here: a service without the filter would answer every thread.
      const wanted = email.toLowerCase();
      return (data as (ThreadRow & { contact: { email: string } | null })[]).filter(
        (row) => row.contact?.email.toLowerCase() === wanted,
      );
    },
    /** Deletes a thread; whether it was there to delete, or `failed`. */
    async remove(id: string): Promise<boolean | 'failed'> {
      const { status, body } = await getJson(v2BulkDeleteThreadsOperation.path, keyed, JSON.stringify({ ids: [id] }));
      if (status !== 200) return 'failed';
      return ((body as { data?: unknown } | null)?.data as unknown[] | undefined)?.includes(id) ?? false;
    },
    /** The portal's issues, read at most once per portal cache lifetime. */
    issues(): Promise<IssueDirectory> {
      const now = Date.now();
      if (issues === null || now - issues.at >= issuesMaxAgeMs) issues = { at: now, directory: loadIssues() };
      return issues.directory;
    },
  };
}

export type ThreadReads = ReturnType<typeof threadReads>;
