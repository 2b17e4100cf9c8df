#!/usr/bin/env node
import process from 'node:process';
import { defaultLogFormat, exitOnSignals } from '@hearken/core/node';
import { envProblems, operateFromEnv, optionsFromEnv, proxyUsage } from '../config/env.ts';
import { createLogger, logTo } from '../ops/logger.ts';
import { startFailure } from './start-failure.ts';
import { startProxy } from './start-proxy.ts';

const fail = (message: string): never => {
  process.stderr.write(`hearken-proxy: ${message}\n`);
  process.exit(1);
};

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${proxyUsage()}\n`);
  process.exit(0);
}
if (args.length > 0) fail(`unknown argument ${args[0]}; it is configured by the environment (see --help)`);

const problems = envProblems(process.env);
if (problems.length > 0) {
  fail(`cannot start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n(see hearken-proxy --help)`);
}

const options = optionsFromEnv(process.env);
const operate = operateFromEnv(process.env);
// One entry per request on stdout; the key, tokens and bodies never reach it.
const logger = createLogger({ format: operate.logFormat ?? defaultLogFormat(process.stdout) });
try {
  const proxy = await startProxy({ ...options, log: logTo(logger) });
  // Plain text whatever the log format: people and scripts read the URL from it.
  process.stderr.write(`hearken-proxy listening on ${proxy.url}\n`);
  logger.info({ url: proxy.url, metrics: proxy.metricsUrl ?? `${proxy.url}/metrics (bearer token)` }, 'started');
  const graceMs = operate.graceSeconds * 1000;
  exitOnSignals({
    graceMs,
    stop: async () => {
      await proxy.close({ graceMs });
      logger.info('stopped');
    },
    onSignal: (signal, forced) =>
      forced
        ? logger.warn({ signal }, 'second signal: exiting at once')
        : logger.info({ signal, graceSeconds: operate.graceSeconds }, 'stopping: finishing requests in flight'),
  });
} catch (error) {
  fail(startFailure(error, { host: options.host ?? '127.0.0.1', port: options.port ?? 8787 }));
}
