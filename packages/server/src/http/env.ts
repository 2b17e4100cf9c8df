import type { Db } from '../db/open.ts';
import type { EndpointPolicy } from '../services/webhooks/endpoints.ts';

/** Who is calling: resolved from the API key on every authenticated request. */
export interface Caller {
  keyId: string;
  workspaceId: string;
  /** The member who created the key; a v1 key acts with that member's role. */
  memberId: string | null;
  scopes: readonly string[];
  /** The workspace's cursor-signing secret. */
  signingSecret: string;
  trackerConnected: boolean;
}

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
