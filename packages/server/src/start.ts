import { OPS_PATHS } from '@hearken/core';
import { listenForMetrics, type MetricsListener } from '@hearken/service';
import { createServer } from './app.ts';
import { loggableError } from './db/loggable-error.ts';
import { openDatabase } from './db/open.ts';
import type { KeyCacheOptions } from './http/key-cache.ts';
import type { RateLimitOptions } from './http/rate-limit.ts';
import { redisRevocations } from './http/revocations.ts';
import { listen } from './listen.ts';
import { MAIL_ENV, type MailWorkerOptions, startMailWorker } from './mail/worker.ts';
import { DEFAULT_HELD_RETENTION_DAYS, startHeldRetention } from './moderation/held-retention.ts';
import type { Logger } from './ops/logger.ts';
import { createServerMetrics } from './ops/metrics.ts';
import { type SeedResult, seedDemo } from './seed/demo.ts';
import { type DeliveryWorkerOptions, startDeliveryWorker } from './webhooks/delivery-worker.ts';

export interface StartServerOptions {
  /** TCP port; 0 picks a free one. Default 4000. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /**
   * Embedded database directory, or `'memory'`. Default `.hearken/data`. When the environment has
   * `DATABASE_URL`, Postgres is used instead.
   */
  data?: 'memory' | (string & {});
  /**
   * A dump of a migrated embedded database that a new one starts from (see
   * `OpenDatabaseOptions.template`); tests pass one to skip creating a cluster. Default: none.
   */
  template?: Blob | undefined;
  /** `'demo'` seeds the demo workspace (and issues fresh demo keys). Default `'none'`. */
  seed?: 'demo' | 'none';
  /**
   * The origin browsers reach this server at, when that is not the address it listens on (behind
   * a reverse proxy, in a container): the demo's logo and changelog images are served from it.
   * Default: the server's own URL (`url`).
   */
  publicUrl?: string | undefined;
  /** Rate limits; with `REDIS_URL` in the environment, counters are kept in Redis. */
  limits?: RateLimitOptions;
  /** Trusted `X-Forwarded-For` hops (see `CreateServerOptions.trustProxy`). Default 0. */
  trustProxy?: number | undefined;
  /**
   * The cache of verified API keys; with `REDIS_URL`, revocations published on
   * `hearken:api-keys:revoked` reach every process at once. Default 5 s, 10,000 keys.
   */
  keys?: Omit<KeyCacheOptions, 'revocations'>;
  /** Postgres connection string. Default `process.env.DATABASE_URL`. */
  databaseUrl?: string | undefined;
  /**
   * Webhooks: `allowLoopback` is the development flag (http and loopback receivers accepted);
   * the other fields tune the delivery worker this server runs. Default: https to public addresses.
   */
  webhooks?: { allowLoopback?: boolean } & Omit<DeliveryWorkerOptions, 'db' | 'allowLoopback'>;
  /**
   * Days a held thread (suspected spam) may wait to be released before it is deleted for good.
   * Default `DEFAULT_HELD_RETENTION_DAYS` (30).
   */
  heldRetentionDays?: number;
  /**
   * Email (notifications, replies, follower updates) through SMTP: `smtpUrl` (default
   * `process.env.SMTP_URL`; without one, email waits in the outbox), `from` (default
   * `process.env.HEARKEN_MAIL_FROM`, else `DEFAULT_MAIL_FROM`), and the mail worker's tuning.
   * Unsubscribe links point at `publicUrl`.
   */
  mail?: Omit<MailWorkerOptions, 'db' | 'publicUrl'>;
  /** A pino logger: one line per request, and the delivery worker's failures. Default: none. */
  logger?: Logger | undefined;
  /**
   * Prometheus metrics at GET /metrics, in a registry of this server's own. `true` serves them
   * beside the API; `port` on a port of their own (on `host`; 0 picks a free one); `token` asks
   * scrapers for it as a bearer token. Default: off.
   */
  metrics?: boolean | { port?: number | undefined; token?: string | undefined };
}

/** How `RunningServer.close` stops. */
export interface CloseOptions {
  /**
   * Milliseconds requests in flight and webhook attempts may take to finish; past it they are
   * cut, and the attempts' claims handed back for another server to send at once. Default 0:
   * requests are cut at once, webhook attempts in flight are waited for.
   */
  graceMs?: number;
}

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4000`. */
  url: string;
  /** Demo seed with its key secrets, when `seed: 'demo'`. */
  seed: SeedResult | null;
  /** Where the metrics are served, when on a port of their own. */
  metricsUrl: string | null;
  /** Whether email is sent (an SMTP URL was given); without it email waits in the outbox. */
  mailSending: boolean;
  /**
   * Stops accepting connections, lets requests in flight finish (within `graceMs`), stops the
   * delivery worker, and closes the database (and Redis, if used).
   */
  close(options?: CloseOptions): Promise<void>;
}

/** Opens the database, optionally seeds the demo, and serves the API over HTTP on Node. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const db = await openDatabase({
    data: options.data ?? '.hearken/data',
    databaseUrl: options.databaseUrl ?? process.env.DATABASE_URL,
    template: options.template,
  });
  let redis: { quit(): Promise<unknown> } | undefined;
  let revocations: ReturnType<typeof redisRevocations> | undefined;
  try {
    const limits: RateLimitOptions = { ...options.limits };
    if (limits.redis === undefined && process.env.REDIS_URL) {
      const { Redis } = await import('ioredis');
      // No offline queue: while Redis is unreachable, calls fail fast to the in-memory fallback.
      const client = new Redis(process.env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      client.on('error', () => {});
      redis = client;
      limits.redis = client;
      revocations = redisRevocations(client);
      // Serve once connected (or after 3 s), so the first requests are counted in Redis too.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3000);
        client.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const allowLoopback = options.webhooks?.allowLoopback ?? false;
    const logger = options.logger;
    const metricsOption = options.metrics ?? false;
    const metrics = metricsOption ? createServerMetrics(db) : undefined;
    const metricsOnPort = typeof metricsOption === 'object' ? metricsOption : {};
    const heldRetention = startHeldRetention({
      db,
      retentionDays: options.heldRetentionDays ?? DEFAULT_HELD_RETENTION_DAYS,
      ...(logger ? { onError: (error: unknown) => logger.error({ err: error }, 'held thread retention failed') } : {}),
    });
    const worker = startDeliveryWorker({
      ...(logger
        ? { onError: (error: unknown) => logger.error({ err: loggableError(error) }, 'webhook delivery worker failed') }
        : {}),
      ...(metrics ? { onAttempt: metrics.delivery } : {}),
      ...options.webhooks,
      db,
      allowLoopback,
    });
    // Started once the server's URL is known: unsubscribe links name it.
    let mailWorker: ReturnType<typeof startMailWorker> | undefined;
    const app = createServer({
      db,
      limits,
      trustProxy: options.trustProxy,
      keys: { ...options.keys, revocations },
      webhooks: {
        allowLoopback,
        afterWrite: () => {
          worker.wake();
          mailWorker?.wake();
        },
      },
      operate: {
        logger,
        metrics,
        metricsRoute: metricsOnPort.port === undefined,
        metricsToken: metricsOnPort.token,
      },
    });
    const host = options.host ?? '127.0.0.1';
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    let metricsListener: MetricsListener | undefined;
    const server = await listen(app.fetch, { port: options.port ?? 4000, host })
      .then(async (listening) => {
        if (metrics && metricsOnPort.port !== undefined) {
          metricsListener = await listenForMetrics(metrics.registry, {
            port: metricsOnPort.port,
            host,
            path: OPS_PATHS.metrics,
            token: metricsOnPort.token,
          }).catch(async (error: unknown) => {
            await listening.close();
            throw error;
          });
        }
        return listening;
      })
      .catch(async (error: unknown) => {
        await Promise.all([worker.stop(), heldRetention.stop()]);
        throw error;
      });
    const url = `http://${urlHost}:${server.port}`;
    const metricsUrl = metricsListener ? `http://${urlHost}:${metricsListener.port}${OPS_PATHS.metrics}` : null;
    mailWorker = startMailWorker({
      ...(logger
        ? { onError: (error: unknown) => logger.error({ err: loggableError(error) }, 'mail worker failed') }
        : {}),
      ...(metrics ? { onAttempt: metrics.mail } : {}),
      ...options.mail,
      smtpUrl: options.mail?.smtpUrl ?? (process.env[MAIL_ENV.smtpUrl] || undefined),
      from: options.mail?.from ?? (process.env[MAIL_ENV.from] || undefined),
      db,
      publicUrl: options.publicUrl ?? url,
    });
    const mail = mailWorker;
    // Seeded once the port is known: the demo's image URLs name this server.
    const seed =
      options.seed === 'demo'
        ? await seedDemo(db, new Date(), options.publicUrl ?? url).catch(async (error: unknown) => {
            await server.close();
            await metricsListener?.close();
            await Promise.all([worker.stop(), mail.stop(), heldRetention.stop()]);
            throw error;
          })
        : null;
    // The seed revoked the demo keys other processes may still trust.
    if (seed) await revocations?.publish('*');
    return {
      url,
      seed,
      metricsUrl,
      mailSending: mail.sending,
      async close({ graceMs = 0 } = {}) {
        // The worker claims nothing more from now on; requests and attempts in flight finish side by side.
        await Promise.all([
          server.close({ graceMs }),
          worker.stop(graceMs > 0 ? { graceMs } : {}),
          mail.stop(),
          heldRetention.stop(),
        ]);
        await metricsListener?.close();
        await revocations?.close();
        await redis?.quit().catch(() => {});
        await db.close();
      },
    };
  } catch (error) {
    await revocations?.close();
    await redis?.quit().catch(() => {});
    await db.close();
    throw error;
  }
}
