/** What a worker that claims due rows from a table needs from the shared polling loop. */
export interface ClaimLoopOptions<T> {
  /** Most items handled at once. */
  concurrency: number;
  /** Wait between polls when nothing woke the loop. */
  pollIntervalMs: number;
  /** Claims up to `limit` due items (a lease, so no other worker takes them meanwhile). */
  claim(limit: number): Promise<T[]>;
  /** Handles one claimed item; a rejection goes to `onError`. */
  handle(item: T): Promise<void>;
  onError(error: unknown): void;
  /** Runs at the top of every round, before the claim (housekeeping such as pruning). */
  eachRound?(): Promise<void>;
}

export interface ClaimLoop {
  /** Polls now instead of waiting out the interval (a row was just queued). */
  wake(): void;
  /** True once `stop` was called: errors after it are the stop's own, not worth reporting. */
  readonly stopped: boolean;
  /** The items being handled. */
  readonly inFlight: ReadonlySet<Promise<void>>;
  /** Stops claiming and resolves once the loop has left; items in flight may still run. */
  stop(): Promise<void>;
}

/**
 * The outbox and the webhook deliveries poll their tables the same way: claim what is due up to the
 * free concurrency, handle each claim in the background, and wait for a wake-up or the next poll
 * unless a full batch suggests more are due.
 */
export function startClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  const { concurrency, pollIntervalMs, claim, handle, onError, eachRound } = options;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false;
      await eachRound?.();
      const free = concurrency - inFlight.size;
      let claimed: T[] = [];
      if (free > 0) {
        try {
          claimed = await claim(free);
        } catch (error) {
          if (!stopped) onError(error);
        }
      }
      for (const item of claimed) {
        const running: Promise<void> = handle(item)
          .catch(onError)
          .finally(() => {
            inFlight.delete(running);
            wake();
          });
        inFlight.add(running);
      }
      if (free > 0 && claimed.length === free) continue;
      if (woken || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  const running = loop();
  return {
    wake,
    get stopped() {
      return stopped;
    },
    inFlight,
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
