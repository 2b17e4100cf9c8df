import { templateFile } from './pglite-template.ts';

/**
 * Vitest global setup: makes the migrated template once, before any worker starts, so the test
 * files that start a server only read it. On a fresh machine (every CI run) the first file of
 * each worker made its own, several at once beside the rest of the run, and a `beforeAll` that
 * usually takes seconds once ran past its 60 s limit.
 */
export default async function setup(): Promise<void> {
  await templateFile();
}
