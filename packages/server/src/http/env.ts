import type { Db } from '../db/open.ts';
import type { Caller } from '../services/caller.ts';
import type { EndpointPolicy } from '../webhooks/endpoints.ts';

export type { Caller };

/** What every handler can reach through the Hono context. */
export interface Services {
  db: Db;
  /** The current time; injectable so tests can move it. */
  now: () => Date;
  /** What webhook endpoints may point at. */
  webhookPolicy: EndpointPolicy;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    caller: Caller;
    services: Services;
  };
}
