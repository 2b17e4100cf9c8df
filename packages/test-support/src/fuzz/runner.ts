import { writeFileSync } from 'node:fs';
import { type Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';

/**
 * What the fuzz tests (the server's and the proxy's) share: the seed and length of a run, sending
 * a request over raw HTTP, the checks every reply must pass (v1 and v2 error bodies among them),
 * and running a seeded sample two at a time.
 */

/** HEARKEN_FUZZ_SEED replays a run; HEARKEN_FUZZ_RUNS changes its length. */
export const SEED = Number(process.env.HEARKEN_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
export const RUNS = Number(process.env.HEARKEN_FUZZ_RUNS ?? 3200);
export const CONCURRENCY = 2;
const SLOW_MS = 1000;
/**
 * A request slower than {@link SLOW_MS} in the run is sent again alone this many times, and is a
 * failure only when it is slow every time: an input that costs that much does so again, while a
 * loaded machine (a garbage collection, another process on the core) stalls one send, not three.
 */
const SLOW_RETRIES = 2;

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

/**
 * Sends a request as given (no client between it and the wire to tidy it up) to 127.0.0.1:`port`.
 * `setHost: false` leaves out the Host header Node would add.
 */
export function send(
  agent: Agent,
  port: number | string,
  request: FuzzRequest,
  options: { setHost?: boolean } = {},
): Promise<FuzzReply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        setHost: options.setHost ?? true,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Whether a path, once resolved as a URL the way a server does (`/api/v2/../v1` is v1), starts with `prefix`. */
export function reaches(path: string, prefix: string): boolean {
  try {
    return new URL(path, 'http://fuzz.test').pathname.startsWith(prefix);
  } catch {
    return false; // `/\` reads as a host-relative URL with no host
  }
}

/**
 * The problems of a reply: a 5xx, a secret in it, and for an error whose body is JSON whatever
 * `checkError` finds in that body. Slowness is checked apart ({@link SLOW_RETRIES}).
 */
function problems(
  request: FuzzRequest,
  reply: FuzzReply,
  secrets: readonly string[],
  checkError: (body: unknown, reply: FuzzReply) => string[],
): string[] {
  const found: string[] = [];
  if (reply.status >= 500) found.push(`status ${reply.status}`);
  const everything = `${reply.text}\n${JSON.stringify(reply.headers)}`;
  if (secrets.some((secret) => everything.includes(secret))) found.push('a key in the response');
  // A HEAD reply has no body to check.
  if (reply.status < 400 || request.method === 'HEAD') return found;
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    found.push(`error body is not JSON: ${JSON.stringify(reply.text.slice(0, 80))}`);
    return found;
  }
  return [...found, ...checkError(body, reply)];
}

/**
 * What is wrong with a v2 error body: anything but `{ error: { code, message, request_id, … } }`,
 * or a 400 whose `details.issues` do not each name a field.
 */
export function v2ErrorProblems(body: unknown, reply: FuzzReply): string[] {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (
    !error ||
    Object.keys(body as object).length !== 1 ||
    typeof error.code !== 'string' ||
    typeof error.message !== 'string' ||
    typeof error.request_id !== 'string'
  ) {
    return [`not a v2 envelope: ${reply.text.slice(0, 120)}`];
  }
  if (reply.status !== 400) return [];
  const issues = (error.details as { issues?: { path?: unknown }[] } | undefined)?.issues;
  return issues?.length && issues.every((issue) => typeof issue.path === 'string' && issue.path !== '')
    ? []
    : [`400 naming no field: ${reply.text.slice(0, 160)}`];
}

/** What is wrong with a v1 error body: anything but `{ message, code }`, with `issues` the only other field. */
export function v1ErrorProblems(body: unknown, reply: FuzzReply): string[] {
  const flat = body as Record<string, unknown> | null;
  const extra = Object.keys(flat ?? {}).filter((name) => !['message', 'code', 'issues'].includes(name));
  return typeof flat?.message !== 'string' || typeof flat.code !== 'string' || extra.length > 0
    ? [`not a v1 error body: ${reply.text.slice(0, 120)}`]
    : [];
}

/** A request in one line, cut short, for a failure message. */
const shown = (request: FuzzRequest) =>
  `${request.method} ${request.path.slice(0, 120)}${request.path.length > 120 ? '…' : ''} ${JSON.stringify(request.headers).slice(0, 160)} ${request.body === undefined ? '' : request.body.slice(0, 160)}${(request.body?.length ?? 0) > 160 ? `… (${request.body?.length} chars)` : ''}`;

/**
 * Sends every request, {@link CONCURRENCY} at a time, and returns each problem found (`check`)
 * with the request that caused it, a request that got no answer and one slow every time it was
 * sent among them.
 */
async function runAll(
  requests: readonly FuzzRequest[],
  sendOne: (request: FuzzRequest) => Promise<FuzzReply>,
  check: (request: FuzzRequest, reply: FuzzReply) => string[],
): Promise<string[]> {
  const failures: string[] = [];
  const slow: { request: FuzzRequest; ms: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        let reply: FuzzReply;
        try {
          reply = await sendOne(request);
        } catch (error) {
          failures.push(`no answer (${(error as Error).message}): ${shown(request)}`);
          continue;
        }
        if (reply.ms > SLOW_MS) slow.push({ request, ms: reply.ms });
        for (const problem of check(request, reply)) failures.push(`${problem}: ${shown(request)}`);
      }
    }),
  );
  for (const { request, ms } of slow) {
    const times = [ms];
    while (times.length <= SLOW_RETRIES && times.every((time) => time > SLOW_MS)) {
      times.push(
        await sendOne(request).then(
          (reply) => reply.ms,
          () => Number.POSITIVE_INFINITY,
        ),
      );
    }
    if (times.every((time) => time > SLOW_MS)) {
      failures.push(`took ${times.map((time) => Math.round(time)).join(', ')} ms: ${shown(request)}`);
    }
  }
  return failures;
}

/**
 * The first 25 failures and every leak, what the test asserts is empty; HEARKEN_FUZZ_REPORT names a
 * file to write all the failures to.
 */
function summary(failures: readonly string[], leaks: readonly string[]): string[] {
  if (process.env.HEARKEN_FUZZ_REPORT) writeFileSync(process.env.HEARKEN_FUZZ_REPORT, failures.join('\n'));
  return [...failures.slice(0, 25), ...(failures.length > 25 ? [`… and ${failures.length - 25} more`] : []), ...leaks];
}

export interface FuzzRun {
  /** What to send: {@link RUNS} requests are drawn from it with {@link SEED}. */
  requests: fc.Arbitrary<FuzzRequest>;
  send(request: FuzzRequest): Promise<FuzzReply>;
  /** Keys no reply and no log line may hold. */
  secrets: readonly string[];
  /** The problems of an error reply's JSON body. */
  checkError(request: FuzzRequest, body: unknown, reply: FuzzReply): string[];
  /** The problems of any reply, success or error, beyond those every run checks (headers it must carry). */
  checkReply?(request: FuzzRequest, reply: FuzzReply): string[];
  /** The log lines written during the run, read once every request is answered. */
  logged(): readonly string[];
}

/**
 * Sends the run's seeded sample and resolves to what the test asserts is empty (see
 * {@link summary}): the problems of every reply, and every log line holding a key.
 */
export async function fuzz(run: FuzzRun): Promise<string[]> {
  const requests = fc.sample(run.requests, { seed: SEED, numRuns: RUNS });
  const failures = await runAll(requests, run.send, (request, reply) => [
    ...problems(request, reply, run.secrets, (body) => run.checkError(request, body, reply)),
    ...(run.checkReply?.(request, reply) ?? []),
  ]);
  const leaks = run
    .logged()
    .filter((line) => run.secrets.some((secret) => line.includes(secret)))
    .map((line) => `a key in a log line: ${line.slice(0, 200)}`);
  return summary(failures, leaks);
}
