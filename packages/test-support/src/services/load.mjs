/**
 * Feedback traffic as many visitors make it, for the many-instances suite and `pnpm bench`:
 * submissions through key proxies with Idempotency-Keys, retried with the same key as a client
 * would, a webhook receiver that counts events by id, and the service's threads read back.
 * Plain JavaScript like `processes.mjs`; types in `load.d.mts`.
 */
import { createServer } from 'node:http';

/** The p-th percentile (0-100) of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A webhook receiver on 127.0.0.1 that answers 204 to every request and records each event by
 * its `webhook-id` (a retried delivery repeats its id), with the parsed body.
 */
export async function startEventReceiver() {
  const events = new Map();
  let requests = 0;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      const id = String(request.headers['webhook-id']);
      try {
        events.set(id, JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        events.set(id, null);
      }
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    events,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An IPv4 address per visitor, from a run's own block of 65,536, so runs in one minute never share one. */
const visitorAddress = (block, index) => `10.${block % 256}.${(index >> 8) & 255}.${index & 255}`;

/** A status a client retries with the same key: the service or its database away, in flight, or paced. */
const retryable = (status) => status === 0 || status === 409 || status === 429 || status >= 500;

/**
 * Sends `count` feedback submissions through `proxies` (base URLs), `concurrency` at a time, each
 * with its own Idempotency-Key (`${prefix}-${index}`, also its title) and visitor address. A
 * submission whose answer is a network error, 409, 429 or 5xx is sent again with the same key and
 * body, through the next proxy, after a short backoff, until it succeeds or `giveUpMs` pass.
 * `onProgress(finished)` is told after each finished submission, so a caller can inject faults.
 */
export async function submitFeedback({
  proxies,
  count,
  concurrency = 16,
  prefix,
  block = Math.floor(Math.random() * 256),
  giveUpMs = 60_000,
  onProgress = () => {},
}) {
  const statuses = new Map();
  const latencies = [];
  const failed = [];
  let next = 0;
  let finished = 0;
  let retries = 0;
  const started = performance.now();
  const one = async (index) => {
    const key = `${prefix}-${index}`;
    const body = JSON.stringify({ title: key, text: `Submission ${index} of ${prefix}` });
    const until = Date.now() + giveUpMs;
    for (let attempt = 0; ; attempt++) {
      const sent = performance.now();
      let status = 0;
      let retryAfter = null;
      try {
        const response = await fetch(`${proxies[(index + attempt) % proxies.length]}/api/v2/threads`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'https://visitor.example',
            'idempotency-key': key,
            'x-forwarded-for': visitorAddress(block, index),
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        status = response.status;
        retryAfter = response.headers.get('retry-after');
      } catch {
        status = 0;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 201) {
        latencies.push(performance.now() - sent);
        return;
      }
      if (!retryable(status) || Date.now() > until) {
        failed.push({ key, status });
        return;
      }
      retries += 1;
      // Retry-After is honoured up to 2 s: the run measures healing, not waiting.
      const backoff = Math.min(2000, 100 * 2 ** attempt);
      await sleep(retryAfter ? Math.min(2000, Number(retryAfter) * 1000 || backoff) : backoff);
    }
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        await one(next++);
        finished += 1;
        onProgress(finished);
      }
    }),
  );
  return {
    elapsedMs: performance.now() - started,
    statuses,
    latencies: latencies.sort((a, b) => a - b),
    failed,
    retries,
  };
}

/**
 * The ids of the key's workspace's threads per title starting with `prefix`, read page by page;
 * held threads count too (a proxy may hold a burst from one address: stored, not lost).
 */
export async function threadsByTitle(serverUrl, apiKey, prefix) {
  const titles = new Map();
  let cursor = null;
  do {
    const query = cursor ? `cursor=${encodeURIComponent(cursor)}` : 'limit=200&moderation=all';
    const response = await fetch(`${serverUrl}/api/v2/threads?${query}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    if (!response.ok) throw new Error(`GET /api/v2/threads: ${response.status} ${await response.text()}`);
    const { data, page } = await response.json();
    for (const thread of data) {
      if (thread.title?.startsWith(prefix)) titles.set(thread.title, [...(titles.get(thread.title) ?? []), thread.id]);
    }
    cursor = page.has_more ? page.cursor : null;
  } while (cursor);
  return titles;
}

/** Registers `receiverUrl` for `events` with the v2 key `apiKey`; returns the endpoint's id. */
export async function subscribe(serverUrl, apiKey, receiverUrl, events) {
  const response = await fetch(`${serverUrl}/api/v2/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiverUrl, events }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`POST /api/v2/webhooks: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}
