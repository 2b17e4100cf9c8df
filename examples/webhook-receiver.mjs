/**
 * The demo's webhook receiver, served by the examples server: `POST /webhooks` takes deliveries
 * from the reference server and keeps the last ones that `verifyWebhook` accepted; `GET
 * /webhooks/` shows them. It is what a user's own receiver would do, in a few lines.
 */
import { join } from 'node:path';

const KEEP = 20;

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/**
 * @param {string} root the repository root (core is loaded from its build)
 * @returns {Promise<{ setSecret(secret: string): void, handle(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse): void }>}
 */
export async function createWebhookReceiver(root) {
  const { verifyWebhook } = await import(join(root, 'packages', 'core', 'dist', 'index.js'));
  let secret = '';
  /** @type {{ id: string, type: string, timestamp: string, summary: string }[]} */
  const events = [];
  let refused = 0;

  const receive = async (request, response) => {
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
      size += chunk.length;
      if (size > 1024 * 1024) return response.writeHead(413).end();
      chunks.push(chunk);
    }
    try {
      const event = await verifyWebhook(Buffer.concat(chunks), request.headers, secret);
      const id = String(request.headers['webhook-id']);
      // Deliveries are at least once: a repeated webhook-id is the same event again.
      if (!events.some((seen) => seen.id === id)) {
        const data = event.data;
        const summary = String(
          data.title ?? data.name ?? data.email ?? data.text_content ?? data.text ?? data.id ?? '',
        );
        // Held for review: what a team's channel would show, the reasons beside the text.
        const held = event.type === 'thread.held' ? ` (held: ${data.moderation_reasons.join(', ')})` : '';
        events.unshift({ id, type: event.type, timestamp: event.timestamp, summary: summary + held });
        events.length = Math.min(events.length, KEEP);
      }
      response.writeHead(204).end();
    } catch (error) {
      refused++;
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`${error.reason ?? 'invalid'}\n`);
    }
  };

  const page = (response) => {
    const rows = events
      .map(
        (event) =>
          `<tr><td>${escapeHtml(event.timestamp)}</td><td><code>${escapeHtml(event.type)}</code></td><td>${escapeHtml(event.summary)}</td><td><code>${escapeHtml(event.id)}</code></td></tr>`,
      )
      .join('');
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        'cache-control': 'no-store',
      })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Webhook receiver · Hearken demo</title><link rel="stylesheet" href="/index.css"></head><body>
<h1>Webhook receiver</h1>
<p>The last ${KEEP} events this receiver verified with <code>verifyWebhook</code> (refused: ${refused}). Post feedback in an example and it appears here; feedback the proxy suspects (sent within 1.5 s of starting to type, say) arrives as <code>thread.held</code> with its reasons, and as <code>thread.created</code> once released. The page reloads every 3 seconds.</p>
<table><thead><tr><th>When</th><th>Event</th><th>What</th><th>webhook-id</th></tr></thead><tbody>${rows || '<tr><td colspan="4">Nothing yet.</td></tr>'}</tbody></table>
</body></html>`);
  };

  return {
    setSecret(value) {
      secret = value;
    },
    handle(request, response) {
      if (request.method === 'POST') receive(request, response).catch(() => response.writeHead(500).end());
      else if (request.method === 'GET' || request.method === 'HEAD') page(response);
      else response.writeHead(405, { allow: 'GET, HEAD, POST' }).end();
    },
  };
}
