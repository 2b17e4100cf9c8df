import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPortalClient,
  createV1Client,
  createV2Client,
  isUnauthenticatedError,
  type V2Thread,
} from '@hearken/core';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/start.ts';
import { migratedTemplate } from './pglite-template.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearken-seed-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function allThreads(url: string, apiKey: string): Promise<V2Thread[]> {
  const rows: V2Thread[] = [];
  for await (const row of createV2Client({ baseUrl: url, apiKey }).threads.iterate({ limit: 200 })) rows.push(row);
  return rows;
}

describe('demo seed and persistence', () => {
  let firstThreads: V2Thread[] = [];
  let firstKey = '';

  it('seeds the documented demo and prints working keys', async () => {
    const server = await startServer({ port: 0, data: dir, seed: 'demo' });
    try {
      const seed = server.seed!;
      firstKey = seed.keys.v2Full;
      expect(seed.keys.v1).toMatch(/^cfs_v1_[A-Za-z0-9]{32}$/);
      const portal = createPortalClient({ baseUrl: server.url, validation: 'strict' });
      const { workspace, latestChangelog } = await portal.getWorkspace(seed.workspaceId);
      for (const value of Object.values(workspace)) expect(value).not.toBeNull();
      expect(latestChangelog?.notes).toMatchObject({ type: 'doc' });
      const projects = await portal.listProjects(seed.workspaceId);
      expect(projects).toHaveLength(8);
      expect(new Set(projects.map((p) => p.state)).size).toBeGreaterThan(3);
      expect(projects.some((p) => p.upvotes > 0)).toBe(true);
      const german = await portal.listProjects(seed.workspaceId, { language: 'de' });
      expect(german.map((p) => p.name)).not.toEqual(projects.map((p) => p.name));
      const issues = await portal.listIssues(seed.workspaceId);
      // 50 seeded, of which the 3 hidden from the portal are not listed; each is a request of its own.
      expect(issues.length).toBe(47);
      expect(new Set(issues.map((i) => i.title)).size).toBe(issues.length);
      expect(new Set(issues.map((i) => i.status)).size).toBeGreaterThan(4);
      expect(new Set(issues.map((i) => i.priority)).size).toBe(5);
      await expect(portal.listProjects(seed.unpublishedWorkspaceId)).rejects.toThrow('Workspace not found');

      firstThreads = await allThreads(server.url, seed.keys.v2Full);
      // 200 threads, and the 7 of the demo's followers (seed/followers.ts).
      expect(firstThreads).toHaveLength(207);
      const thread = await createV1Client({ baseUrl: server.url, apiKey: seed.keys.v1 }).threads.get(
        firstThreads[0]!.id,
        {
          includeConversation: true,
        },
      );
      expect(thread.conversation![0]!.data.type).toBe('INBOUND');
      const writer = createV2Client({ baseUrl: server.url, apiKey: seed.keys.v2ThreadsWrite });
      expect((await writer.me()).scopes).toEqual(['threads:write']);
      expect((await writer.threads.create({ text: 'Persist me' })).text).toBe('Persist me');
    } finally {
      await server.close();
    }
  }, 120_000);

  it('keeps data across restarts and replaces the demo keys on a second seed', async () => {
    const server = await startServer({ port: 0, data: dir, seed: 'demo' });
    try {
      const rows = await allThreads(server.url, server.seed!.keys.v2Full);
      expect(rows).toHaveLength(208);
      expect(rows.some((row) => row.text === 'Persist me')).toBe(true);
      // Same seed data (deterministic ids and content), not a second copy.
      expect(rows.filter((row) => row.text !== 'Persist me')).toEqual(firstThreads);
      expect(server.seed!.keys.v2Full).not.toBe(firstKey);
      const revoked = createV2Client({ baseUrl: server.url, apiKey: firstKey, retry: 0 });
      await expect(revoked.me()).rejects.toSatisfy(isUnauthenticatedError);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('is deterministic: a fresh database gets the same rows', async () => {
    const server = await startServer({ port: 0, data: 'memory', template: await migratedTemplate(), seed: 'demo' });
    try {
      expect(await allThreads(server.url, server.seed!.keys.v2Full)).toEqual(firstThreads);
    } finally {
      await server.close();
    }
  }, 120_000);
});
