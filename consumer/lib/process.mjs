/** Running the commands of the consumer suite: each with a time limit, so nothing can hang the run. */
import { spawn } from 'node:child_process';

/** What the suite's commands must not inherit: npm's and pnpm's script settings, and Hearken's configuration. */
const INHERITED_NOT = /^(npm_|pnpm_|HEARKEN_|PORT$|HOST$|DATABASE_URL$|REDIS_URL$)/i;

/**
 * The environment as a fresh shell would have it (see INHERITED_NOT), plus `extra`: each check
 * states all the configuration it means to give.
 */
export function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_NOT.test(name)));
  return { ...env, ...extra };
}

/**
 * Runs a command to its end and resolves with its exit code and output. A command still running
 * after `timeoutMs` is killed and reported as such (code null).
 */
export function exec(command, args, { cwd, env, timeoutMs = 300_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: `${stdout}${stderr}` });
    });
  });
}

/** `exec`, failing with the command's output unless it exits with 0. */
export async function run(command, args, options) {
  const result = await exec(command, args, options);
  if (result.code !== 0) {
    throw new Error(`\`${[command, ...args].join(' ')}\` exited with ${result.code}:\n${result.output.trim()}`);
  }
  return result;
}

/**
 * Starts a long-running command and resolves once a line of its output matches `ready`, with the
 * match and a `stop()`; rejects if it exits first or takes longer than `timeoutMs`.
 */
export function start(command, args, { cwd, env, ready, timeoutMs = 60_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const stop = () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('close', () => done());
        child.kill('SIGTERM');
      });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`\`${command} ${args.join(' ')}\` was not ready after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ match, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code} before it was ready:\n${output}`));
    });
  });
}
