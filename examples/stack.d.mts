/** Types for stack.mjs (plain JavaScript so `npm start` runs it with Node alone). */
export interface DemoSeed {
  workspaceId: string;
  unpublishedWorkspaceId: string;
  keys: { v1: string; v2Full: string; v2ThreadsWrite: string; v2ProxyChangelog: string };
}

export interface StackOptions {
  /** `'memory'` or a directory for the embedded database. Default `.hearken/data`. */
  data?: string;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Ports (`mail`: the mail catcher's web page); 0 (the default) picks free ones. */
  ports?: { server?: number; proxy?: number; examples?: number; mail?: number };
  /** Extra options for the proxy (see @hearken/proxy's ProxyOptions). */
  proxy?: Record<string, unknown>;
  /** More directories for the examples server, by URL prefix; `csp: false` serves them without a policy. */
  examplesMounts?: Record<string, { dir: string; csp?: boolean }>;
}

export interface Stack {
  serverUrl: string;
  proxyUrl: string;
  examplesUrl: string;
  /** The demo's webhook receiver: the last events it verified. */
  webhooksUrl: string;
  /** The mail catcher's web page (maildev): every email the server sent. */
  mailUrl: string;
  seed: DemoSeed;
  /** Where the seed's secrets are kept between starts (absent for an in-memory database). */
  seedFile: string | undefined;
  close(): Promise<void>;
}

export function startStack(options?: StackOptions): Promise<Stack>;
