import type { Logger } from 'pino';
import { createLogger, defaultLogFormat, type LogFormat } from './logger.ts';
import { exitOnSignals } from './shutdown.ts';

/** What a CLI's command line and environment came to. */
export type CliParse<Options> = { help: true } | { options: Options } | { problems: string[] };

/** A running service as its CLI stops it. */
export interface StoppableService {
  /** The graceful stop: stop accepting, let requests in flight finish within `graceMs`, then cut them. */
  close(options: { graceMs: number }): Promise<void>;
}

/** One service's command: how it reads its settings, starts, and says it has started. */
export interface ServiceCli<Options, Service extends StoppableService> {
  /** The command as operators type it (`hearken-server`); it begins each line written to standard error. */
  name: string;
  /** The `--help` text. */
  usage: string;
  /** The options from the command line and the environment, or each thing wrong with them. */
  parse(args: readonly string[], env: NodeJS.ProcessEnv): CliParse<Options>;
  /** How to operate it: the log format (`null` for the terminal's default) and the stop's grace. */
  operate(options: Options): { logFormat?: LogFormat | null | undefined; graceSeconds: number };
  /** Starts the service, logging to `logger`. */
  start(options: Options, logger: Logger): Promise<Service>;
  /** Why it could not start, in the terms of what its operator sets. */
  failure(error: unknown, options: Options): string;
  /** Tells the operator it is up: the plain first line people and scripts read, then the log's entry. */
  announce(service: Service, context: { options: Options; logger: Logger; started: number }): void;
}

/** Ends the process for a command that cannot start: `name: message` on standard error, exit code 1. */
function fail(name: string, message: string): never {
  process.stderr.write(`${name}: ${message}\n`);
  process.exit(1);
}

/**
 * Runs a service's command: `--help`, settings checked before anything starts, a logger in the
 * format asked for, the start (a failure is reported in the operator's terms, exit code 1), and the
 * graceful stop on SIGTERM or SIGINT (a second signal exits at once).
 */
export async function runCli<Options, Service extends StoppableService>(
  cli: ServiceCli<Options, Service>,
  args: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const parsed = cli.parse(args, env);
  if ('problems' in parsed) {
    fail(
      cli.name,
      `cannot start:\n${parsed.problems.map((problem) => `  - ${problem}`).join('\n')}\n(see ${cli.name} --help)`,
    );
  }
  if (!('options' in parsed)) {
    process.stdout.write(`${cli.usage}\n`);
    return;
  }
  const { options } = parsed;
  const operate = cli.operate(options);
  const logger = createLogger(cli.name, { format: operate.logFormat ?? defaultLogFormat(process.stdout) });
  const started = performance.now();
  let service: Service;
  try {
    service = await cli.start(options, logger);
  } catch (error) {
    fail(cli.name, cli.failure(error, options));
  }
  cli.announce(service, { options, logger, started });
  const graceMs = operate.graceSeconds * 1000;
  exitOnSignals({
    graceMs,
    stop: async () => {
      await service.close({ graceMs });
      logger.info('stopped');
    },
    onSignal: (signal, forced) =>
      forced
        ? logger.warn({ signal }, 'second signal: exiting at once')
        : logger.info({ signal, graceSeconds: operate.graceSeconds }, 'stopping: finishing requests in flight'),
  });
}
