import { constants } from 'node:os';

/** The signals a process manager stops a service with (SIGTERM) and a terminal does (SIGINT, Ctrl-C). */
export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
export type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

/** Seconds a stop may take by default: requests in flight finish within it, or are cut. */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;

/** Past the grace, how long closing pools and clients may take before the process exits anyway. */
const BACKSTOP_MS = 3_000;

export interface ShutdownOptions {
  /** The graceful stop. It is expected to cut what is left once `graceMs` has passed. */
  stop(): Promise<void>;
  /** The grace period the stop was given, in milliseconds. */
  graceMs: number;
  /** Told of each signal; `forced` for a second one, which exits at once. */
  onSignal?(signal: ShutdownSignal, forced: boolean): void;
  /** Default `process.exit`. */
  exit?(code: number): void;
}

/**
 * Stops the process on SIGTERM or SIGINT: the first runs `stop` and exits 0 once it is done (1 if
 * it failed or hung past the grace and a short backstop); a second exits at once with the
 * signal's conventional code (128 + its number). Returns a function removing the listeners.
 */
export function exitOnSignals(options: ShutdownOptions): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const listener = (signal: ShutdownSignal) => {
    if (stopping) {
      options.onSignal?.(signal, true);
      exit(128 + constants.signals[signal]);
      return;
    }
    stopping = true;
    options.onSignal?.(signal, false);
    const backstop = setTimeout(() => exit(1), options.graceMs + BACKSTOP_MS);
    backstop.unref();
    options.stop().then(
      () => exit(0),
      () => exit(1),
    );
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, listener);
  return () => {
    for (const signal of SHUTDOWN_SIGNALS) process.off(signal, listener);
  };
}
