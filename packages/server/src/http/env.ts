import type { Caller } from '../caller.ts';
import type { Db } from '../db/open.ts';
import type { EndpointPolicy } from '../webhooks/endpoints.ts';

export type { Caller };

/** Why a request was refused before its handler ran, as `/metrics` counts it. */
export type RefusalReason = 'no_key' | 'unknown_key' | 'key_version' | 'address_limit' | 'key_limit';

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
    /** The client's rate-limit bucket (see `clientAddress`), read once per request. */
    clientAddress: string;
    /** Why authentication refused the request, for the metrics; unset when it did not. */
    refusal: RefusalReason;
    caller: Caller;
    services: Services;
  };
}

/** A request the HTTP listener could not read, handed to the app so it answers it like any other. */
export interface Unreadable {
  /** What is wrong with it, as the answer states it. */
  failure: Error;
  /** The peer's address, for the per-address limit. */
  remoteAddress: string | undefined;
}

/** What the runtime passes beside a request (`c.env`): Node's request, or a request the listener could not read. */
export interface ServerBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  unreadable?: Unreadable;
}
