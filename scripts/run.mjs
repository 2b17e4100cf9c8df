#!/usr/bin/env node
/**
 * The quick start's two commands land here: `npm start` (the demo) and `npm test`
 * (the whole suite). A fresh machine has only Node and npm, so this installs the
 * workspace with the pinned pnpm first when needed, and `npm test` provisions what
 * the tests need beyond them (scripts/provision.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from './provision.mjs';
import { unitFailuresFrom } from './unit-failures.mjs';

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

// How long each stage took, printed with the result: CI shows a log's end, and the test command's
// time is a budget of its own.
const began = performance.now();
const stages = [];
const secondsSince = (start) => Math.round((performance.now() - start) / 1000);
/** Runs `work` (synchronous) and records its time as the stage `name`. */
function stage(name, work) {
  const start = performance.now();
  const result = work();
  stages.push({ name, seconds: secondsSince(start), beside: [] });
  return result;
}
function printStages() {
  const width = Math.max(...stages.map((stage) => stage.name.length));
  const lines = stages.map(({ name, seconds, beside }) => {
    const side = beside.map((step) => `${step.name} ${step.seconds} s`).join(', ');
    return `  ${name.padEnd(width)}  ${String(seconds).padStart(4)} s${side ? ` (beside it: ${side})` : ''}`;
  });
  console.log(`\nTime by stage, ${secondsSince(began)} s in all:\n${lines.join('\n')}`);
}

/** `pnpm <args>` without blocking: its output goes to `onOutput` when given, else to this terminal. */
function pnpmAsync(args, onOutput) {
  const child = spawn(pnpm[0], [...pnpm.slice(1), ...args], {
    cwd: root,
    stdio: onOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    shell: process.platform === 'win32',
  });
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * `pnpm <main>` in the foreground and, beside it, `pnpm <args>` for each list in `side`, one after
 * the other: the main step (the build, the unit run, whose cases wait on real time windows and
 * sockets for much of it) leaves the test machine's two cores idle at times. The side's output is
 * held and printed once both are done, so the log reads step by step; each side step runs and a
 * failing one is recorded, so one run shows every failing part. Resolves with the main step's exit code.
 */
async function besides(name, main, side) {
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  const sideTimes = [];
  const sideRun = (async () => {
    for (const args of side) {
      output += `\n> pnpm ${args.join(' ')}\n`;
      const start = performance.now();
      const code = await pnpmAsync(args, collect);
      sideTimes.push({ name: `pnpm ${args.join(' ')}`, seconds: secondsSince(start) });
      if (code !== 0) failed.push(`pnpm ${args.join(' ')} (exit code ${code})`);
    }
  })();
  console.log(
    `\n> pnpm ${main.join(' ')} (beside it: ${side.map((args) => `pnpm ${args.join(' ')}`).join(', then ')})`,
  );
  const start = performance.now();
  const status = await pnpmAsync(main);
  const mainSeconds = secondsSince(start);
  await sideRun;
  stages.push({ name, seconds: mainSeconds, beside: sideTimes });
  process.stdout.write(output);
  return status;
}

function ensureInstalled() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  stage('pnpm install', () => step('install', '--frozen-lockfile'));
}

const command = process.argv[2];
if (command === 'test') {
  // Before anything else: what the tests need beyond Node and npm, or one line saying what to install.
  const missing = stage('provision', provision);
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
}
ensureInstalled();
if (command === 'test') {
  // Lint and types read the sources only, so they run beside the build.
  const built = await besides('pnpm run build', ['run', 'build'], [['run', 'lint']]);
  if (built !== 0) {
    console.error(`\n\`pnpm run build\` failed with exit code ${built}.`);
    process.exit(built);
  }
  // The size ceilings and the consumer suite read the build only, so they run beside the unit
  // tests. The browser tests run after them, on two workers with a stack each: beside the unit run
  // their timings depended on it (each of three runs failed a different timing-bound case).
  const reportDir = mkdtempSync(join(tmpdir(), 'hearken-unit-'));
  const report = join(reportDir, 'report.json');
  const unit = await besides(
    'pnpm run test:unit',
    ['run', 'test:unit', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    [
      ['run', 'size'],
      ['run', 'test:consumer'],
    ],
  );
  if (unit !== 0) {
    const cases = unitFailuresFrom(report, root).map((line) => `\n      ${line}`);
    failed.push(`pnpm run test:unit (exit code ${unit})${cases.join('')}`);
  }
  rmSync(reportDir, { recursive: true, force: true });
  if (existsSync(join(root, 'playwright', 'playwright.config.ts'))) {
    const e2e = stage('pnpm run test:e2e', () => runPnpm('run', 'test:e2e'));
    if (e2e !== 0) failed.push(`pnpm run test:e2e (exit code ${e2e})`);
  }
  printStages();
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
