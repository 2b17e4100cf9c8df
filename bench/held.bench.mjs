/**
 * Held for review (issue 32): how many people the key proxy's hold checks catch, and what the
 * checks cost per submission.
 *
 * Share: the seeded submissions of people the proxy's fuzzer sends (`@hearken/test-support/people`:
 * most typed at a person's pace, some pasted and sent within seconds, a few with a password manager
 * in the honeypot), each from its person's address, through the proxy's Fetch-standard handler
 * with the default options, the service answered from memory. Goal 0: a person held is not lost
 * (an operator releases it), but waits. The note splits the share by how the text was sent and by
 * reason; the seeded bots beside them show what the checks are for.
 *
 * Added latency: the same handler with the checks on (the defaults) and off (`hold: { reasons: [] }`),
 * called in turns, one call of each per pair in a seeded order, each with a text of its own from an
 * address of its own (so every check runs and none holds); the figure is the median over the pairs
 * of (on minus off), which cancels what the machine's load did to both.
 */
import fc from 'fast-check';
import { packageUrl } from './lib/packages.mjs';
import { median } from './lib/stats.mjs';

const SEED = 32;
const PEOPLE = 2_000;
const BOTS = 200;
const WARMUP = 300;
const PAIRS = 4_000;
/** The checks may add at most this much to a submission's handling, in ms: a tenth of the cheapest upstream hop here. */
const ADDED_BUDGET_MS = 0.1;
const ORIGIN = 'https://bench.example';
const KEY = `cfs_v2_${'b'.repeat(32)}`;

/** The service, answered from memory: the stored row echoes what was posted; every post recorded. */
function memoryUpstream() {
  const posted = [];
  const scopes = JSON.stringify({ workspace_id: 'w', api_key_id: 'k', scopes: ['threads:write'] });
  const fetch = async (input, init = {}) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.url.endsWith('/me')) return new Response(scopes, { headers: { 'content-type': 'application/json' } });
    const body = JSON.parse(await request.text());
    posted.push(body);
    const now = new Date().toISOString();
    const row = {
      id: crypto.randomUUID(),
      title: null,
      text: body.text,
      state: 'NEW',
      pain_level: 'UNKNOWN',
      origin: body.origin,
      contact: null,
      company_id: null,
      assignee_id: null,
      project_id: null,
      issue_id: null,
      snoozed_until: null,
      metadata: {},
      moderation: body.moderation ?? 'clear',
      moderation_reasons: body.moderation_reasons ?? [],
      created_at: now,
      updated_at: now,
    };
    return new Response(JSON.stringify(row), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, posted };
}

const request = (submission) =>
  new Request('http://proxy.local/api/v2/threads', {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-hearken-fill-ms': String(submission.fillMs),
      'x-hearken-hp': submission.honeypot,
    },
    body: JSON.stringify({ text: submission.text }),
  });

async function proxyOf(createProxy, hold) {
  const upstream = memoryUpstream();
  const handler = await createProxy({
    upstream: 'http://service.local',
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    // The limits that refuse are not what this measures.
    rateLimit: { perIp: false, perIdentity: false, keyBudget: false },
    ...(hold ? { hold } : {}),
  });
  const send = async (submission) => {
    const response = await handler(request(submission), { clientIp: submission.address });
    const answer = await response.json();
    if (response.status !== 201 || answer.moderation !== 'clear')
      throw new Error(`unexpected answer ${response.status}`);
  };
  return { send, posted: upstream.posted };
}

const percent = (part, whole) => (whole === 0 ? 0 : (100 * part) / whole);

export default async function heldBench({ root }) {
  const { createProxy } = await import(packageUrl(root, '@hearken/proxy'));
  const { personSubmission, botSubmission } = await import(packageUrl(root, '@hearken/test-support/people'));

  // Share of people held, with the defaults.
  const shared = await proxyOf(createProxy);
  const people = fc.sample(personSubmission, { seed: SEED, numRuns: PEOPLE });
  for (const submission of people) await shared.send(submission);
  const heldPeople = shared.posted.map((body) => body.moderation_reasons ?? []);
  const byManner = {};
  const byReason = {};
  people.forEach((submission, index) => {
    byManner[submission.manner] ??= { sent: 0, held: 0 };
    const entry = byManner[submission.manner];
    entry.sent++;
    if (heldPeople[index].length > 0) entry.held++;
    for (const reason of heldPeople[index]) byReason[reason] = (byReason[reason] ?? 0) + 1;
  });
  const heldCount = heldPeople.filter((reasons) => reasons.length > 0).length;
  const bots = fc.sample(botSubmission, { seed: SEED, numRuns: BOTS });
  const before = shared.posted.length;
  for (const submission of bots) await shared.send(submission);
  const heldBots = shared.posted.slice(before).filter((body) => body.moderation === 'held').length;

  // Added latency of the checks: on and off in turns.
  const on = await proxyOf(createProxy);
  const off = await proxyOf(createProxy, { reasons: [] });
  const typed = fc
    .sample(personSubmission, { seed: SEED + 1, numRuns: 4 * (WARMUP + PAIRS) })
    .filter((submission) => submission.manner === 'typed')
    .map((submission, index) => ({ ...submission, address: `10.200.${index >> 8}.${index & 255}` }));
  if (typed.length < 2 * (WARMUP + PAIRS)) throw new Error('too few typed submissions sampled');
  const order = fc.sample(fc.boolean(), { seed: SEED, numRuns: WARMUP + PAIRS });
  const differences = [];
  const onTimes = [];
  for (let pair = 0; pair < WARMUP + PAIRS; pair++) {
    const time = async (proxy, submission) => {
      const started = performance.now();
      await proxy.send(submission);
      return performance.now() - started;
    };
    const [first, second] = order[pair] ? [on, off] : [off, on];
    const a = await time(first, typed[2 * pair]);
    const b = await time(second, typed[2 * pair + 1]);
    const [withChecks, without] = order[pair] ? [a, b] : [b, a];
    if (pair < WARMUP) continue;
    differences.push(withChecks - without);
    onTimes.push(withChecks);
  }
  const stillClear = on.posted.every((body) => body.moderation === undefined);
  if (!stillClear) throw new Error('a typed submission was held in the latency pairs: the figure would time a hold');

  const manners = Object.entries(byManner)
    .map(([manner, { sent, held }]) => `${manner} ${held}/${sent}`)
    .join(', ');
  const reasons = Object.entries(byReason)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  return [
    {
      group: 'held',
      metric: "people's submissions held",
      value: percent(heldCount, people.length),
      unit: '%',
      budget: 0,
      note: `${heldCount} of ${people.length} seeded (seed ${SEED}), default options; held by how sent: ${manners}; by reason: ${reasons || 'none'}. Held is kept for release, not lost`,
    },
    {
      group: 'held',
      metric: "bots' submissions held",
      value: percent(heldBots, bots.length),
      unit: '%',
      lowerIsBetter: false,
      note: `${heldBots} of ${bots.length} seeded bot submissions (sent at once, pitches again, links)`,
    },
    {
      group: 'held',
      metric: 'checks added per submission (paired median)',
      value: median(differences),
      unit: 'ms',
      budget: ADDED_BUDGET_MS,
      note: `${PAIRS} pairs of handler calls, checks on vs hold.reasons [], upstream answered from memory; handler with checks p50 ${median(onTimes).toFixed(3)} ms`,
    },
  ];
}
