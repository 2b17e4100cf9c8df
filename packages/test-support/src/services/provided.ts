import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A real PostgreSQL the test run started for itself (see `postgres.ts`). */
    postgresUrl: string;
    /** A real Redis the test run started for itself (see `redis.ts`). */
    redisUrl: string;
  }
}

/**
 * The URL of the run's PostgreSQL, in a project whose global setup is `postgres.ts`; undefined in
 * the others (their tests use in-memory PGlite).
 */
export const postgresUrl = (): string | undefined => inject('postgresUrl');

/** The URL of the run's Redis, in a project whose global setup is `redis.ts`. */
export const redisUrl = (): string => inject('redisUrl');
