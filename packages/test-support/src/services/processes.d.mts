/** Types of `processes.mjs`. */
import type { SpawnOptions } from 'node:child_process';

export declare function freePort(): Promise<number>;

export interface ChildService {
  pid: number | undefined;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export declare function startChildService(
  command: string,
  args: readonly string[],
  options: { ready: string; timeoutMs: number } & Omit<SpawnOptions, 'stdio'>,
): Promise<ChildService>;

export declare function postgresBinaries(): string;

export interface Postgres {
  url: string;
  /** Fast shutdown: sessions are ended. */
  stop(): Promise<void>;
  /** The same cluster back on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  remove(): Promise<void>;
}

export declare function startPostgres(options?: { maxConnections?: number }): Promise<Postgres>;

export interface RedisService {
  url: string;
  stop(): Promise<void>;
  /** A new, empty Redis on the same port. */
  start(): Promise<void>;
}

export declare function startRedis(): Promise<RedisService>;

export declare function commandScript(root: string, name: string, command: string): string;

export interface NodeService extends ChildService {
  url: string;
  port: number;
  /** The tail of what it wrote, enough to explain a failure. */
  output(): string;
}

export declare function startHearkenServer(
  root: string,
  options: { databaseUrl: string; redisUrl?: string; port?: number; args?: readonly string[] },
): Promise<NodeService>;

export declare function startHearkenProxy(
  root: string,
  options: { upstream: string; apiKey: string; redisUrl?: string; port?: number; env?: Record<string, string> },
): Promise<NodeService>;

/** What `startFleet` needs of the server package. */
export interface ServerModule {
  openDatabase(options: { databaseUrl: string }): Promise<{ close(): Promise<void> }>;
  seedDemo(
    db: never,
  ): Promise<{ keys: Record<'v1' | 'v2Full' | 'v2ThreadsWrite' | 'v2ProxyChangelog' | 'v2ProxyMessages', string> }>;
}

export interface Fleet {
  postgres: Postgres;
  redis: RedisService;
  seed: { keys: Record<'v1' | 'v2Full' | 'v2ThreadsWrite' | 'v2ProxyChangelog' | 'v2ProxyMessages', string> };
  /** The running servers; `restartServer` replaces an entry. */
  servers: NodeService[];
  proxies: NodeService[];
  restartServer(index: number, signal?: NodeJS.Signals): Promise<NodeService>;
  close(): Promise<void>;
}

export declare function startFleet(
  root: string,
  options: { server: ServerModule; servers?: number; proxies?: readonly number[]; args?: readonly string[] },
): Promise<Fleet>;
