#!/usr/bin/env node
import process from 'node:process';
import { optionsFromEnv } from './env.ts';
import { isProxyConfigError } from './errors.ts';
import { startProxy } from './node.ts';

// One JSON line per request on stdout; the key and tokens never reach the log.
const log = (entry: object) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

try {
  const proxy = await startProxy({ ...optionsFromEnv(process.env), log });
  process.stderr.write(`hearken-proxy listening on ${proxy.url}\n`);
  const stop = () => {
    proxy.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`hearken-proxy: ${isProxyConfigError(error) ? error.message : String(error)}\n`);
  process.exit(1);
}
