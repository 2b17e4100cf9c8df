import type { Hash } from 'node:crypto';

/**
 * Node's `createHash`, where the runtime offers its built-in modules to any code (Node 20.16+,
 * Bun, Deno): synchronous, about 1 µs for a submission's text, where Web Crypto's `digest` goes
 * through the thread pool and took 50 µs on a quiet machine and 130-290 µs on a busy one.
 */
const createHash = (() => {
  const runtime = globalThis as {
    process?: { getBuiltinModule?: (id: string) => { createHash?: (algorithm: string) => Hash } | undefined };
  };
  try {
    return runtime.process?.getBuiltinModule?.('node:crypto')?.createHash;
  } catch {
    // A runtime that imitates `process` but refuses the module: Web Crypto then.
    return undefined;
  }
})();

/** The SHA-256 of `text` (UTF-8), in hex, by Web Crypto: what runtimes without Node's modules use. */
export async function webSha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of `text` (UTF-8), in hex: the same in every runtime, so instances share their keys. */
export const sha256Hex = async (text: string): Promise<string> =>
  createHash ? createHash('sha256').update(text, 'utf8').digest('hex') : webSha256Hex(text);
