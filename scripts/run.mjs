#!/usr/bin/env node
/**
 * The quick start's two commands land here: `npm start` (the demo) and `npm test`
 * (the whole suite). A fresh machine has only Node and npm, so this installs the
 * workspace with the pinned pnpm first when needed, and `npm test` provisions what
 * the tests need beyond them (scripts/provision.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from './provision.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager; // "pnpm@x.y.z"

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  const wanted = pinned.split('@')[1].split('.')[0];
  if (probe.status === 0 && probe.stdout.trim().split('.')[0] === wanted) return ['pnpm'];
  return ['npx', '--yes', pinned];
}

const pnpm = pnpmCommand();
const runPnpm = (...args) => {
  console.log(`\n> pnpm ${args.join(' ')}`);
  return run(pnpm[0], [...pnpm.slice(1), ...args]);
};
const step = (...args) => {
  const status = runPnpm(...args);
  if (status !== 0) {
    console.error(`\n\`pnpm ${args.join(' ')}\` failed with exit code ${status}.`);
    process.exit(status);
  }
};

// Checks whose failure leaves the later steps meaningful (lint, unit tests, size budgets) are
// all run, so one `npm test` shows every failing part; the exit code still says it failed.
const failed = [];
const check = (...args) => {
  const status = runPnpm(...args);
  if (status !== 0) failed.push(`pnpm ${args.join(' ')} (exit code ${status})`);
};

function ensureInstalled() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  step('install', '--frozen-lockfile');
}

/**
 * The test run starts its own PostgreSQL and Redis (for the server's contract tests and the
 * proxy's shared rate limits) from Debian's packages. As root with apt-get (a fresh CI machine)
 * they are installed when missing; elsewhere the tests say what to install.
 */
function ensureTestServices() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const hasPostgres =
    versions.some((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb'))) ||
    process.env.HEARKEN_POSTGRES_BIN;
  const hasRedis = spawnSync('redis-server', ['--version']).status === 0 || process.env.HEARKEN_REDIS_SERVER;
  if (hasPostgres && hasRedis) return;
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version']).status !== 0) return;
  console.log('\n> apt-get install postgresql redis-server (for the tests)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) return;
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql', 'redis-server'], { env });
}

const command = process.argv[2];
if (command === 'test') {
  // Before anything else: what the tests need beyond Node and npm, or one line saying what to install.
  const missing = provision();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
}
ensureInstalled();
if (command === 'test') {
  ensureTestServices();
  check('run', 'lint');
  step('run', 'build');
  check('run', 'test:unit');
  check('run', 'size');
  check('run', 'test:consumer');
  if (existsSync(join(root, 'playwright', 'playwright.config.ts'))) check('run', 'test:e2e');
  if (failed.length > 0) {
    console.error(`\nFailed:\n${failed.map((line) => `  - ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\nAll checks passed.');
} else if (command === 'start') {
  step('run', 'build');
  process.exit(run(process.execPath, [join(root, 'scripts', 'demo.mjs')]));
} else {
  console.error('usage: node scripts/run.mjs <test|start>');
  process.exit(2);
}
