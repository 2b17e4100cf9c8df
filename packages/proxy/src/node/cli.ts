#!/usr/bin/env node
import { runCli } from '@hearken/service';
import { logTo } from '../ops/logger.ts';
import { envProblems, operateFromEnv, optionsFromEnv, proxyUsage } from './env.ts';
import { startFailure } from './start-failure.ts';
import { type RunningProxy, type StartProxyOptions, startProxy } from './start-proxy.ts';

await runCli<{ start: StartProxyOptions; env: NodeJS.ProcessEnv }, RunningProxy>({
  name: 'hearken-proxy',
  usage: proxyUsage(),
  parse(args, env) {
    if (args.includes('--help') || args.includes('-h')) return { help: true };
    if (args.length > 0) return { problems: [`unknown argument ${args[0]}; it is configured by the environment`] };
    const problems = envProblems(env);
    return problems.length > 0 ? { problems } : { options: { start: optionsFromEnv(env), env } };
  },
  operate: ({ env }) => operateFromEnv(env),
  // One entry per request on stdout; the key, tokens and bodies never reach it.
  start: ({ start }, logger) => startProxy({ ...start, log: logTo(logger) }),
  failure: (error, { start }) => startFailure(error, { host: start.host ?? '127.0.0.1', port: start.port ?? 8787 }),
  announce(proxy, { logger }) {
    // Plain text whatever the log format: people and scripts read the URL from it.
    process.stderr.write(`hearken-proxy listening on ${proxy.url}\n`);
    logger.info({ url: proxy.url, metrics: proxy.metricsUrl ?? `${proxy.url}/metrics (bearer token)` }, 'started');
  },
});
