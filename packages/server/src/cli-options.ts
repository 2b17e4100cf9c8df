import { type ParseArgsConfig, parseArgs } from 'node:util';
import { safeParse } from '@hearken/core';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS, LOG_FORMATS, type LogFormat, OPS_ENV } from '@hearken/service';
import * as z from 'zod/mini';
import { DEFAULT_MAIL_FROM, DEFAULT_MAIL_RETENTION_DAYS, MAIL_ENV } from './mail/worker.ts';
import { DEFAULT_WEBHOOK_RETENTION_DAYS } from './webhooks/delivery-worker.ts';

/** What `hearken-server` starts with, once every argument and variable checked out. */
export interface CliOptions {
  port: number;
  host: string;
  data: string;
  seed: 'demo' | 'none';
  /** `--public-url` or `HEARKEN_PUBLIC_URL`: the origin browsers reach the server at, when not its listening address. */
  publicUrl?: string;
  /**
   * Webhooks: `allowLoopback` (the `--dev-webhooks` flag) also accepts http and loopback receivers;
   * `retentionDays` (`--webhook-retention-days`) when given, else the worker's default.
   */
  webhooks: { allowLoopback: boolean; retentionDays?: number };
  /**
   * `--read-limit`, `--write-limit`, `--address-limit`, `--limit-window`: the rate limits given,
   * each else the rate limiter's default (1000 reads and 60 writes per key, 100 requests without a
   * valid key per address, per 60 s).
   */
  limits?: { reads?: number; writes?: number; unauthenticated?: number; windowSeconds?: number };
  /** `--trust-proxy` or `HEARKEN_TRUST_PROXY`: trusted `X-Forwarded-For` hops. Default 0. */
  trustProxy: number;
  /** `--key-cache-seconds`: how long a verified key is trusted without a database read, when given. */
  keyCacheSeconds?: number;
  /** Operating the process: logs, metrics and how it stops. */
  operate: CliOperateOptions;
  /**
   * `SMTP_URL`, `HEARKEN_MAIL_FROM` and `HEARKEN_MAIL_RETENTION_DAYS`, when any is set: where email
   * goes, the address it comes from, and how long finished outbox rows are kept.
   */
  mail?: { smtpUrl?: string; from?: string; retentionDays?: number };
}

/** What `hearken-server` does for operators. */
export interface CliOperateOptions {
  /** `--log-format` or `HEARKEN_LOG_FORMAT`; unset: `pretty` when stdout is a terminal, else `json`. */
  logFormat?: LogFormat;
  /** `--metrics-port` or `HEARKEN_METRICS_PORT`: /metrics on a port of its own; unset, beside the API. */
  metricsPort?: number;
  /** `--metrics-token` or `HEARKEN_METRICS_TOKEN`: the bearer token /metrics asks for; unset, none. */
  metricsToken?: string;
  /** `--shutdown-grace` or `HEARKEN_SHUTDOWN_GRACE_SECONDS`: seconds a stop lets requests finish. Default 10. */
  graceSeconds: number;
}

export type CliParse = { help: true } | { help: false; options: CliOptions } | { help: false; problems: string[] };

const DEFAULTS = {
  port: '4000',
  host: '127.0.0.1',
  data: '.hearken/data',
  seed: 'none',
  graceSeconds: DEFAULT_SHUTDOWN_GRACE_SECONDS,
} as const;

/** `hearken-server --help`: every flag and environment variable, with its default. */
export const SERVER_USAGE = `usage: hearken-server [--port N] [--host ADDRESS] [--data DIR|memory] [--seed demo|none] [--public-url URL]
                      [--trust-proxy N] [--read-limit N] [--write-limit N] [--address-limit N]
                      [--limit-window SECONDS] [--key-cache-seconds SECONDS]
                      [--log-format json|pretty] [--metrics-port N] [--shutdown-grace SECONDS]

The reference Customer Feedback Service (v1 and v2 APIs, public portal reads).

  --port N          port to listen on; 0 picks a free one (default: $PORT, else ${DEFAULTS.port})
  --host ADDRESS    interface to bind; 0.0.0.0 inside a container (default: ${DEFAULTS.host})
  --data DIR        embedded PGlite database directory, or memory (default: ${DEFAULTS.data});
                    ignored when DATABASE_URL is set
  --seed demo       seed the demo workspace and print fresh demo keys (default: none)
  --public-url URL  the origin browsers reach this server at, if not the address it listens on
                    (behind a reverse proxy, in a container); the demo's logo and changelog
                    images are served from it (default: $HEARKEN_PUBLIC_URL, else http://HOST:PORT)
  --dev-webhooks    development only: webhook receivers may be http and on loopback addresses
                    (default: https receivers on public addresses only)
  --webhook-retention-days N
                    days a webhook event is kept once its deliveries are finished
                    (default: ${DEFAULT_WEBHOOK_RETENTION_DAYS})
  --log-format json|pretty
                    one JSON object per log line, or lines laid out for a person
                    (default: $${OPS_ENV.logFormat}, else pretty when stdout is a terminal, else json)
  --metrics-port N  serve GET /metrics on this port of its own (same --host), not beside the API
                    (default: $${OPS_ENV.metricsPort}, else beside the API)
  --metrics-token TOKEN
                    bearer token GET /metrics asks for; prefer the variable, a flag shows in ps
                    (default: $${OPS_ENV.metricsToken}, else none)
  --shutdown-grace SECONDS
                    on SIGTERM or SIGINT, how long requests in flight may take to finish before
                    they are cut; a second signal exits at once
                    (default: $${OPS_ENV.shutdownGrace}, else ${DEFAULTS.graceSeconds})
  --trust-proxy N   reverse proxies (load balancers) in front whose X-Forwarded-For entries are
                    trusted: the client is the entry N places from the right. Set it behind a
                    proxy, or every client shares the proxy's address in the per-address limit,
                    the logs and the metrics; leave 0 when clients connect directly, or they could
                    name any address (default: $HEARKEN_TRUST_PROXY, else 0)
  --read-limit N    reads (GET) per API key per window (default: 1000)
  --write-limit N   writes (POST, PATCH, DELETE) per API key per window, counted across every
                    process sharing REDIS_URL (default: 60)
  --address-limit N requests without a valid API key per client address (IPv6: per /64) per
                    window; past it that address's made-up keys get 429 without a lookup, while
                    valid keys go on (default: 100)
  --limit-window SECONDS
                    length of the rate-limit windows (default: 60)
  --key-cache-seconds SECONDS
                    how long a verified API key is trusted without a database read: a key revoked
                    in the database stops working within this time, at once on every process
                    sharing REDIS_URL once its id is published on hearken:api-keys:revoked
                    (default: 5)
  -h, --help        this text

Always served: GET /healthz (200 while the process runs), GET /readyz (200 when the database
is reachable and migrated and Redis, if set, answers; else 503 naming the failing check).

Environment:
  PORT              port to listen on when --port is not given (default: ${DEFAULTS.port})
  HEARKEN_PUBLIC_URL
                    the origin browsers reach this server at, when --public-url is not given
                    (default: unset, the listening address)
  DATABASE_URL      postgres:// connection string: use PostgreSQL instead of the embedded database
                    (default: unset, embedded PGlite in --data)
  REDIS_URL         redis:// URL: keep rate-limit counters in Redis, shared by every process
                    (default: unset, in-memory counters)
  ${MAIL_ENV.smtpUrl}          smtp:// or smtps:// URL (with user:password@ if the server asks) that
                    follower updates, notify.email and replies are sent through
                    (default: unset, no email is sent and it waits in the outbox until set)
  ${MAIL_ENV.from} the address email comes from; the display name is the workspace's
                    (default: ${DEFAULT_MAIL_FROM})
  ${MAIL_ENV.retentionDays}
                    days a finished outbox row (sent, given up) is kept before it is deleted
                    (default: ${DEFAULT_MAIL_RETENTION_DAYS})
  HEARKEN_TRUST_PROXY, ${OPS_ENV.logFormat}, ${OPS_ENV.metricsPort}, ${OPS_ENV.metricsToken},
  ${OPS_ENV.shutdownGrace}
                    as the flags of the same names, when the flag is not given`;

const isPort = (value: string) => /^\d+$/.test(value) && Number(value) <= 65535;
const PORT_RULE = z.optional(z.string().check(z.refine(isPort, 'must be a port number, 0-65535')));

const LOG_FORMAT_RULE = z.optional(z.enum(LOG_FORMATS, { error: 'must be json or pretty' }));
const SECONDS_RULE = z.optional(
  z.string().check(z.refine((value) => /^\d+(\.\d+)?$/.test(value), 'must be a number of seconds, 0 or more')),
);

const WHOLE_RULE = (least: number) =>
  z.optional(
    z
      .string()
      .check(
        z.refine((value) => /^\d+$/.test(value) && Number(value) >= least, `must be a whole number, ${least} or more`),
      ),
  );

const PUBLIC_URL_RULE = z.optional(
  z.string().check(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://feedback.example.com' })),
);

/** The values to check, each under the name its user wrote: a flag or a variable. */
const cliSchema = z.object({
  '--port': PORT_RULE,
  PORT: PORT_RULE,
  '--seed': z.optional(z.enum(['demo', 'none'], { error: 'must be demo or none' })),
  '--public-url': PUBLIC_URL_RULE,
  HEARKEN_PUBLIC_URL: PUBLIC_URL_RULE,
  '--webhook-retention-days': z.optional(
    z
      .string()
      .check(
        z.refine((value) => /^\d+$/.test(value) && Number(value) > 0, 'must be a whole number of days, 1 or more'),
      ),
  ),
  '--write-limit': WHOLE_RULE(1),
  '--read-limit': WHOLE_RULE(1),
  '--address-limit': WHOLE_RULE(1),
  '--limit-window': WHOLE_RULE(1),
  '--key-cache-seconds': WHOLE_RULE(0),
  '--trust-proxy': WHOLE_RULE(0),
  HEARKEN_TRUST_PROXY: WHOLE_RULE(0),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\/./, 'must be a postgres:// or postgresql:// connection string')),
  ),
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\/./, 'must be a redis:// or rediss:// URL'))),
  [MAIL_ENV.smtpUrl]: z.optional(
    z
      .string()
      .check(
        z.regex(/^smtps?:\/\/[^/\s]/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com'),
      ),
  ),
  [MAIL_ENV.from]: z.optional(z.email({ error: 'must be an email address, e.g. feedback@example.com' })),
  [MAIL_ENV.retentionDays]: WHOLE_RULE(1),
  '--log-format': LOG_FORMAT_RULE,
  [OPS_ENV.logFormat]: LOG_FORMAT_RULE,
  '--metrics-port': PORT_RULE,
  [OPS_ENV.metricsPort]: PORT_RULE,
  '--shutdown-grace': SECONDS_RULE,
  [OPS_ENV.shutdownGrace]: SECONDS_RULE,
});

/** The flags that take a value; `--dev-webhooks` and `--help` are the only ones that do not. */
const VALUE_FLAGS = [
  'port',
  'host',
  'data',
  'seed',
  'public-url',
  'webhook-retention-days',
  'log-format',
  'metrics-port',
  'metrics-token',
  'shutdown-grace',
  'write-limit',
  'read-limit',
  'address-limit',
  'limit-window',
  'key-cache-seconds',
  'trust-proxy',
] as const;

type ValueFlag = (typeof VALUE_FLAGS)[number];

const STRING = { type: 'string' } as const;

/** Every flag of the command, as `parseArgs` reads them. */
const CLI_FLAGS = {
  ...(Object.fromEntries(VALUE_FLAGS.map((name) => [name, STRING])) as Record<ValueFlag, typeof STRING>),
  'dev-webhooks': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** The flags given: a value flag's text, a boolean flag's presence. */
type CliValues = Partial<Record<ValueFlag, string> & Record<'dev-webhooks' | 'help', boolean>>;

/** Reads the command line and the environment, naming every problem at once. */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined>): CliParse {
  const problems: string[] = [];
  let values: CliValues = {};
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: CLI_FLAGS,
    }));
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (values.help) return { help: true };
  const checked = safeParse(cliSchema, {
    '--port': values.port,
    // PORT only matters without --port.
    PORT: values.port === undefined ? env.PORT?.trim() : undefined,
    '--seed': values.seed,
    '--public-url': values['public-url'],
    // HEARKEN_PUBLIC_URL only matters without --public-url.
    HEARKEN_PUBLIC_URL: values['public-url'] === undefined ? env.HEARKEN_PUBLIC_URL?.trim() || undefined : undefined,
    '--webhook-retention-days': values['webhook-retention-days'],
    '--write-limit': values['write-limit'],
    '--read-limit': values['read-limit'],
    '--address-limit': values['address-limit'],
    '--limit-window': values['limit-window'],
    '--key-cache-seconds': values['key-cache-seconds'],
    ...flagOrVariable('--trust-proxy', values['trust-proxy'], 'HEARKEN_TRUST_PROXY', env),
    DATABASE_URL: env.DATABASE_URL?.trim() || undefined,
    REDIS_URL: env.REDIS_URL?.trim() || undefined,
    [MAIL_ENV.smtpUrl]: env[MAIL_ENV.smtpUrl]?.trim() || undefined,
    [MAIL_ENV.from]: env[MAIL_ENV.from]?.trim() || undefined,
    [MAIL_ENV.retentionDays]: env[MAIL_ENV.retentionDays]?.trim() || undefined,
    // Each variable only matters without its flag.
    ...flagOrVariable('--log-format', values['log-format'], OPS_ENV.logFormat, env),
    ...flagOrVariable('--metrics-port', values['metrics-port'], OPS_ENV.metricsPort, env),
    ...flagOrVariable('--shutdown-grace', values['shutdown-grace'], OPS_ENV.shutdownGrace, env),
  });
  if (!checked.success || problems.length > 0) {
    const issues = checked.success ? [] : checked.issues;
    return {
      help: false,
      problems: [...problems, ...issues.map((issue) => `${String(issue.path[0])} ${issue.message}`)],
    };
  }
  const { data } = checked;
  const publicUrl = data['--public-url'] ?? data.HEARKEN_PUBLIC_URL;
  const logFormat = data['--log-format'] ?? data[OPS_ENV.logFormat];
  const metricsPort = data['--metrics-port'] ?? data[OPS_ENV.metricsPort];
  const metricsToken = values['metrics-token'] ?? (env[OPS_ENV.metricsToken]?.trim() || undefined);
  const grace = data['--shutdown-grace'] ?? data[OPS_ENV.shutdownGrace];
  const limits = {
    ...(data['--read-limit'] ? { reads: Number(data['--read-limit']) } : {}),
    ...(data['--write-limit'] ? { writes: Number(data['--write-limit']) } : {}),
    ...(data['--address-limit'] ? { unauthenticated: Number(data['--address-limit']) } : {}),
    ...(data['--limit-window'] ? { windowSeconds: Number(data['--limit-window']) } : {}),
  };
  const trustProxy = data['--trust-proxy'] ?? data.HEARKEN_TRUST_PROXY;
  const smtpUrl = data[MAIL_ENV.smtpUrl];
  const mailFrom = data[MAIL_ENV.from];
  const mailRetention = data[MAIL_ENV.retentionDays];
  return {
    help: false,
    options: {
      port: Number(data['--port'] ?? data.PORT ?? DEFAULTS.port),
      host: values.host ?? DEFAULTS.host,
      data: values.data ?? DEFAULTS.data,
      seed: data['--seed'] ?? DEFAULTS.seed,
      ...(publicUrl ? { publicUrl } : {}),
      webhooks: {
        allowLoopback: values['dev-webhooks'] ?? false,
        ...(data['--webhook-retention-days'] ? { retentionDays: Number(data['--webhook-retention-days']) } : {}),
      },
      operate: {
        ...(logFormat ? { logFormat } : {}),
        ...(metricsPort ? { metricsPort: Number(metricsPort) } : {}),
        ...(metricsToken ? { metricsToken } : {}),
        graceSeconds: grace === undefined ? DEFAULTS.graceSeconds : Number(grace),
      },
      ...(Object.keys(limits).length > 0 ? { limits } : {}),
      trustProxy: trustProxy === undefined ? 0 : Number(trustProxy),
      ...(data['--key-cache-seconds'] ? { keyCacheSeconds: Number(data['--key-cache-seconds']) } : {}),
      ...(smtpUrl || mailFrom || mailRetention
        ? {
            mail: {
              ...(smtpUrl ? { smtpUrl } : {}),
              ...(mailFrom ? { from: mailFrom } : {}),
              ...(mailRetention ? { retentionDays: Number(mailRetention) } : {}),
            },
          }
        : {}),
    },
  };
}

/** A flag's value under its name, or, without the flag, its variable's under the variable's name. */
function flagOrVariable(
  flag: string,
  value: string | undefined,
  variable: string,
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  return value === undefined ? { [variable]: env[variable]?.trim() || undefined } : { [flag]: value };
}
