#!/usr/bin/env node
import process from 'node:process';
import { envProblems, optionsFromEnv, proxyUsage } from '../config/env.ts';
import { startFailure } from './start-failure.ts';
import { startProxy } from './start-proxy.ts';

// One JSON line per request on stdout; the key and tokens never reach the log.
const log = (entry: object) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

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
try {
  const proxy = await startProxy({ ...options, log });
  process.stderr.write(`hearken-proxy listening on ${proxy.url}\n`);
  const stop = () => {
    proxy.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  fail(startFailure(error, { host: options.host ?? '127.0.0.1', port: options.port ?? 8787 }));
}
