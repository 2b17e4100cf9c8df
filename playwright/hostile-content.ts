/**
 * Script payloads for the XSS test, written straight into the database (the service's API has no
 * way to write portal content). They go into the demo's second workspace, which is then
 * published, so the demo workspace, and the screenshots taken of it, stay clean.
 */
import { join } from 'node:path';

/** Each payload, if it ran, would set `window.__xss` or call `alert`. */
export const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r="4"></circle></svg>',
  '<a href="javascript:window.__xss=\'link\'">a link</a>',
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  '<details open ontoggle="window.__xss = \'details\'"><summary>x</summary></details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'"></style></mglyph></table></mtext></math>',
  '<a href="  JaVaScRiPt:alert(1)">spaced</a>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<span style="color: red" onclick="window.__xss = \'style\'">inline style and handler</span>',
] as const;

export const HOSTILE_ISSUE_TITLE = '<img src=x onerror="window.__xss=\'title\'"> Export crashes';
export const HOSTILE_CHANGELOG_TITLE = 'Release <script>window.__xss="changelog-title"</script>';
export const HOSTILE_PROJECT_NAME = '<b onmouseover="window.__xss=\'project\'">Bold plans</b>';

const quote = (value: string) => {
  if (value.includes('$hk$')) throw new Error('payload contains the quoting tag');
  return `$hk$${value}$hk$`;
};

/** Seeds the demo into `data` and publishes the second workspace with the payloads. */
export async function publishHostileWorkspace(data: string): Promise<void> {
  const root = join(import.meta.dirname, '..');
  const server = (await import(
    join(root, 'packages', 'server', 'dist', 'index.js')
  )) as typeof import('@hearken/server');
  const db = await server.openDatabase({ data });
  try {
    const { unpublishedWorkspaceId: id } = await server.seedDemo(db);
    const now = quote(new Date().toISOString());
    const notes = quote(`<h2>What changed</h2><p>${PAYLOADS.join('</p><p>')}</p>`);
    await db.orm.execute(
      `UPDATE workspaces SET portal_published = true, changelog_public = true, name = 'Hostile Inc.' WHERE id = ${quote(id)}`,
    );
    await db.orm.execute(
      `INSERT INTO projects (id, workspace_id, name, description, state, progress, created_at)
       VALUES ('hostile-project', ${quote(id)}, ${quote(HOSTILE_PROJECT_NAME)}, ${quote(PAYLOADS[1])}, 'started', 50, ${now})`,
    );
    await db.orm.execute(
      `INSERT INTO issues (id, workspace_id, project_id, identifier, tracker_ticket_id, priority, status, team, title, url, description, summary, created_at, updated_at)
       VALUES ('hostile-issue', ${quote(id)}, 'hostile-project', 'HOS-1', 'hos-1', 'High', 'In Progress', 'Core',
         ${quote(HOSTILE_ISSUE_TITLE)}, 'javascript:window.__xss=1', ${quote(PAYLOADS[0])},
         ARRAY[${PAYLOADS.map(quote).join(', ')}], ${now}, ${now})`,
    );
    await db.orm.execute(
      `INSERT INTO changelogs (id, workspace_id, title, notes, date, published, image_url, created_at, updated_at)
       VALUES ('hostile-changelog', ${quote(id)}, ${quote(HOSTILE_CHANGELOG_TITLE)}, to_jsonb(${notes}::text), ${now}, true,
         'javascript:window.__xss=1', ${now}, ${now})`,
    );
  } finally {
    await db.close();
  }
}
