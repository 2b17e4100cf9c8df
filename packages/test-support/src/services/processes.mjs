/**
 * Real processes a test or a bench run starts and stops: a throwaway PostgreSQL and Redis from
 * Debian's binaries, and the built `hearken-server` and `hearken-proxy` commands, each on a free
 * loopback port. Plain JavaScript, so `pnpm bench` (Node without a TypeScript loader) shares it
 * with the vitest suites; its types are in `processes.d.mts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command` and resolves once its output contains `ready`; rejects, with what it wrote,
 * if it exits first or is not ready within `timeoutMs`.
 */
export async function startChildService(command, args, { ready, timeoutMs, ...options }) {
  const name = command.split('/').pop();
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), timeoutMs);
    const read = (chunk) => {
      output += chunk;
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  // Keep draining its output, so that a full pipe never blocks it.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return stoppable(child);
}

/** `stop(signal)` sends the signal and resolves once the process has exited (at once if it had). */
function stoppable(child) {
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    pid: child.pid,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Debian's PostgreSQL server binaries (postgresql-NN), or HEARKEN_POSTGRES_BIN. */
export function postgresBinaries() {
  if (process.env.HEARKEN_POSTGRES_BIN) return process.env.HEARKEN_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) {
    throw new Error(
      "PostgreSQL's server is not installed: install Debian's postgresql (npm test does it when run as root)",
    );
  }
  return found;
}

/** PostgreSQL refuses to run as root: as root, its processes run as Debian's `postgres` user. */
function postgresUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  }
  return { uid, gid };
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory on a free loopback port, durability off
 * (a test run needs none). `stop()` is a fast shutdown (open sessions are ended), `start()` brings
 * the same cluster back on the same port, `remove()` stops it and deletes its directory.
 */
export async function startPostgres({ maxConnections = 200 } = {}) {
  const bin = postgresBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'hearken-postgres-'));
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
    { encoding: 'utf8', ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: String(maxConnections),
  };
  const args = ['-D', data, '-p', String(port), '-k', dir];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const launch = () =>
    startChildService(join(bin, 'postgres'), args, {
      ready: 'database system is ready to accept connections',
      timeoutMs: 30_000,
      ...user,
    });
  let server = await launch();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, nothing waits on them.
    stop: () => server.stop('SIGINT'),
    async start() {
      server = await launch();
    },
    async remove() {
      await server.stop('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's redis-server (or HEARKEN_REDIS_SERVER) on a free loopback port, without persistence.
 * `stop()` ends it, `start()` brings a new, empty one up on the same port.
 */
export async function startRedis() {
  const binary = process.env.HEARKEN_REDIS_SERVER ?? 'redis-server';
  if (spawnSync(binary, ['--version']).status !== 0) {
    throw new Error(`${binary} not found: install Debian's redis-server (npm test does it when run as root)`);
  }
  const port = await freePort();
  const launch = () =>
    startChildService(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      ready: 'Ready to accept connections',
      timeoutMs: 15_000,
    });
  let redis = await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => redis.stop('SIGTERM'),
    async start() {
      redis = await launch();
    },
  };
}

/** The script of the command `command` that workspace package `name` installs (`bin`), once built. */
export function commandScript(root, name, command) {
  const manifest = join(root, 'packages', name.replace(/^@hearken\//, ''), 'package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const script = join(dirname(manifest), typeof bin === 'string' ? bin : bin[command]);
  if (!existsSync(script)) throw new Error(`${script} is missing: build ${name} first (pnpm build)`);
  return script;
}

/** Resolves once `url` answers at all (any status), or rejects after `timeoutMs`. */
async function answering(url, timeoutMs, exited) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited()) throw new Error(`${url}: the process exited before it answered`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** How much of a service's latest output is kept to explain a failure. */
const OUTPUT_KEPT = 65_536;

/**
 * Spawns a Node script on a chosen port and resolves once `probe` (a path) answers. Its output is
 * kept (its tail, OUTPUT_KEPT characters), for the message of a failure.
 */
async function startNodeService(script, args, { port, env, probe }) {
  const child = spawn(process.execPath, [script, ...args], {
    // An undefined value unsets the variable.
    env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const running = stoppable(child);
  try {
    await answering(`${url}${probe}`, 30_000, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    await running.stop('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  }
  return { url, port, pid: child.pid, output: () => output, stop: running.stop };
}

/**
 * `hearken-server` (built) on `port` (default: a free one) with PostgreSQL at `databaseUrl` and,
 * when given, Redis at `redisUrl`; webhooks may go to loopback receivers. `args` are more flags.
 */
export async function startHearkenServer(root, { databaseUrl, redisUrl, port, args = [] }) {
  const chosen = port ?? (await freePort());
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  const script = commandScript(root, '@hearken/server', 'hearken-server');
  return startNodeService(script, ['--port', String(chosen), '--dev-webhooks', ...args], {
    port: chosen,
    env,
    probe: '/api/v2/threads',
  });
}

/**
 * `hearken-proxy` (built) on `port` (default: a free one) in front of `upstream` with `apiKey`,
 * any origin allowed, trusting one X-Forwarded-For hop (so a run can speak for many visitors),
 * Redis at `redisUrl` when given. `env` adds or overrides variables.
 */
export async function startHearkenProxy(root, { upstream, apiKey, redisUrl, port, env = {} }) {
  const chosen = port ?? (await freePort());
  const script = commandScript(root, '@hearken/proxy', 'hearken-proxy');
  return startNodeService(script, [], {
    port: chosen,
    env: {
      PORT: String(chosen),
      HOST: '127.0.0.1',
      HEARKEN_UPSTREAM: upstream,
      HEARKEN_API_KEY: apiKey,
      HEARKEN_ALLOWED_ORIGINS: '*',
      HEARKEN_TRUST_PROXY: '1',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...env,
    },
    probe: '/healthz',
  });
}

/**
 * One PostgreSQL, one Redis, the demo workspace seeded through `server` (the server package's
 * `openDatabase` and `seedDemo`, from its sources in a test, its build in the bench), then
 * `servers` server processes and one proxy per entry of `proxies` (the index of its upstream
 * server), every proxy with the demo's threads:write key. `args` go to every server.
 * `restartServer(i)` kills server i with `signal` and starts it again on its port.
 */
export async function startFleet(root, { server, servers = 2, proxies = [0, 1], args = [] }) {
  const postgres = await startPostgres();
  const started = { servers: [], proxies: [] };
  let redis;
  const close = async () => {
    await Promise.all([...started.proxies, ...started.servers].map((service) => service.stop('SIGTERM')));
    await redis?.stop();
    await postgres.remove();
  };
  try {
    redis = await startRedis();
    // Migrated and seeded once, before any server starts.
    const db = await server.openDatabase({ databaseUrl: postgres.url });
    const seed = await server.seedDemo(db).finally(() => db.close());
    const options = { databaseUrl: postgres.url, redisUrl: redis.url, args };
    for (let i = 0; i < servers; i++) started.servers.push(await startHearkenServer(root, options));
    started.proxies = await Promise.all(
      proxies.map((upstream) =>
        startHearkenProxy(root, {
          upstream: started.servers[upstream].url,
          apiKey: seed.keys.v2ThreadsWrite,
          redisUrl: redis.url,
        }),
      ),
    );
    return {
      postgres,
      redis,
      seed,
      servers: started.servers,
      proxies: started.proxies,
      async restartServer(index, signal = 'SIGKILL') {
        const old = started.servers[index];
        await old.stop(signal);
        started.servers[index] = await startHearkenServer(root, { ...options, port: old.port });
        return started.servers[index];
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
