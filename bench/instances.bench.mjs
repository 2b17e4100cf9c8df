/**
 * Several instances: sustained feedback submissions through key proxies and built server
 * processes on PostgreSQL with Redis, with one server process and with two, side by side in one
 * run (the same two proxies in front; the ratio is two over one), then a run in which one server
 * is SIGKILLed and started again while clients retry with their Idempotency-Keys: submissions
 * lost or duplicated (must be 0). The processes are started by test-support's `processes.mjs`,
 * the same code the many-instances suite runs.
 */
import { loadavg } from 'node:os';
import { packageUrl } from './lib/packages.mjs';

const group = 'instances';
/** Submissions per measured run, and visitors in flight at once. */
const SUBMISSIONS = 1500;
const CONCURRENCY = 24;
/** Submissions of the run with a SIGKILL, killed a third of the way in. */
const KILL_RUN = 1200;

export default async function bench({ root }) {
  const server = await import(packageUrl(root, '@hearken/server'));
  const { startFleet } = await import(packageUrl(root, '@hearken/test-support/processes'));
  const { percentile, startEventReceiver, submitFeedback, subscribe, threadsByTitle } = await import(
    packageUrl(root, '@hearken/test-support/load')
  );
  const receiver = await startEventReceiver();
  // Proxies 0 and 1 in front of server 0, proxy 2 in front of server 1.
  const fleet = await startFleet(root, {
    server,
    servers: 2,
    proxies: [0, 0, 1],
    args: ['--write-limit', '1000000'],
  });
  try {
    const [p0, p1, p2] = fleet.proxies.map((proxy) => proxy.url);
    // Every thread also writes its webhook event, as a subscribed workspace's do.
    await subscribe(fleet.servers[0].url, fleet.seed.keys.v2Full, receiver.url, ['thread.created']);
    await submitFeedback({ proxies: [p0, p2], count: 200, concurrency: CONCURRENCY, prefix: 'warm', block: 1 });

    const measured = async (proxies, prefix, block) => {
      const run = await submitFeedback({ proxies, count: SUBMISSIONS, concurrency: CONCURRENCY, prefix, block });
      if (run.failed.length > 0)
        throw new Error(`${run.failed.length} submissions failed: ${JSON.stringify(run.failed[0])}`);
      return {
        perSecond: SUBMISSIONS / (run.elapsedMs / 1000),
        p50: percentile(run.latencies, 50),
        p99: percentile(run.latencies, 99),
      };
    };
    const one = await measured([p0, p1], 'one', 2);
    const two = await measured([p0, p2], 'two', 3);

    let kill;
    const killed = await submitFeedback({
      proxies: [p0, p2],
      count: KILL_RUN,
      concurrency: CONCURRENCY,
      prefix: 'kill',
      block: 4,
      onProgress: (finished) => {
        if (finished === Math.floor(KILL_RUN / 3)) kill = fleet.restartServer(0, 'SIGKILL');
      },
    });
    await kill;
    const threads = await threadsByTitle(fleet.servers[1].url, fleet.seed.keys.v2Full, 'kill-');
    const lost = KILL_RUN - threads.size;
    const duplicated = [...threads.values()].reduce((sum, ids) => sum + ids.length - 1, 0);

    const setting = `${SUBMISSIONS} submissions, ${CONCURRENCY} in flight, 2 proxies, PostgreSQL + Redis; load average ${loadavg()[0].toFixed(1)}`;
    const rows = (label, figures) => [
      {
        group,
        metric: `submissions per second, ${label}`,
        value: figures.perSecond,
        unit: '/s',
        lowerIsBetter: false,
        note: setting,
      },
      { group, metric: `submission p50, ${label}`, value: figures.p50, unit: 'ms' },
      { group, metric: `submission p99, ${label}`, value: figures.p99, unit: 'ms' },
    ];
    return [
      ...rows('one server process', one),
      ...rows('two server processes', two),
      {
        group,
        metric: 'throughput ratio, two servers over one',
        value: two.perSecond / one.perSecond,
        unit: 'x',
        lowerIsBetter: false,
        note: 'every process shares the same cores here, so a second server adds no CPU',
      },
      {
        group,
        metric: `submissions lost across a SIGKILL (${KILL_RUN}, retried with their keys)`,
        value: lost,
        unit: '',
        budget: 0,
        note: `${killed.retries} retries; statuses ${JSON.stringify(Object.fromEntries(killed.statuses))}`,
      },
      { group, metric: 'submissions duplicated across a SIGKILL', value: duplicated, unit: '', budget: 0 },
    ];
  } finally {
    await fleet.close();
    await receiver.close();
  }
}
