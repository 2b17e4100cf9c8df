import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';

/** A CLI started as a real OS process, its output kept for assertions. */
export interface CliProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the first match of `pattern` in its output, once it appears. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Its exit: the code (null when a signal ended it) and when it happened (`performance.now()`). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Kills it if it still runs (for `afterAll`). */
  kill(): void;
}

/** Runs a built CLI (`node <script> ...args`); a missing build is a failure that says what to run. */
export function spawnCli(script: string, args: readonly string[], env: Record<string, string> = {}): CliProcess {
  if (!existsSync(script)) throw new Error(`${script} is missing: build the package first (pnpm build)`);
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const read = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return {
    child,
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} in the output within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

/** A request whose body is sent in two parts, so it stays in flight until `finish` is called. */
export interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  /** The answer's status and headers, or the error that ended the request (a cut connection). */
  answer: Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string } | Error>;
}

/** POSTs `body` to `url`: its first half now, the rest on `finish()`. */
export function slowRequest(url: string, headers: Record<string, string>, body: string): SlowRequest {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const outgoing = request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const answer = new Promise<
    { status: number; headers: Record<string, string | string[] | undefined>; body: string } | Error
  >((resolve) => {
    outgoing.once('error', resolve);
    outgoing.once('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.once('error', resolve);
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
  });
  outgoing.flushHeaders();
  outgoing.write(bytes.subarray(0, half));
  return { finish: () => outgoing.end(bytes.subarray(half)), answer };
}
