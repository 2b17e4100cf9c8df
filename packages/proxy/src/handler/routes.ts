import type { ResolvedOptions } from '../config/options.ts';
import { jsonReply } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { createPortalCache, PORTAL_PATH } from '../upstream/portal-cache.ts';
import { createThreadWriter } from '../write/create-thread.ts';

/** One path the proxy answers, and how. */
export interface Route {
  /** The methods it serves; any other is 404, as for a path it does not know. */
  readonly methods: ReadonlySet<string>;
  /**
   * Whose requests it serves: `required`, only an allowed Origin (browsers always send Origin
   * on a cross-site POST: a request without one is not a widget); `stated`, public data, so an
   * Origin is checked only when a browser states one; `any`, every caller.
   */
  readonly origin: 'required' | 'stated' | 'any';
  /** `Access-Control-Allow-Methods` of its preflight for allowed origins; null answers none. */
  readonly preflight: string | null;
  serve(request: ProxyRequest, path: string, ip: string | undefined, requestId: string): Promise<Outcome> | Outcome;
}

/** The route of a path below the base path, or null. */
export type Router = (path: string) => Route | null;

export const THREADS_PATH = '/api/v2/threads';

const health: Route = {
  methods: new Set(['GET', 'HEAD']),
  origin: 'any',
  preflight: null,
  serve: (_request, _path, _ip, requestId) => ({ reply: jsonReply(200, { status: 'ok' }, requestId) }),
};

/** Every route the options turn on, matched by a lookup made once, at creation. */
export function createRouter(options: ResolvedOptions): Router {
  const writeThread = createThreadWriter(options, THREADS_PATH);
  const exact = new Map<string, Route>([
    ['/healthz', health],
    [
      THREADS_PATH,
      {
        methods: new Set(['POST']),
        origin: 'required',
        preflight: 'POST, OPTIONS',
        serve: (request, _path, ip, requestId) => writeThread(request, ip, requestId),
      },
    ],
  ]);
  if (options.portalMaxAgeSeconds === null) return (path) => exact.get(path) ?? null;
  const portal = createPortalCache(options, options.portalMaxAgeSeconds);
  const portalRoute: Route = {
    methods: new Set(['GET', 'HEAD']),
    origin: 'stated',
    preflight: 'GET, HEAD, OPTIONS',
    serve: async (request, path) => ({ reply: await portal(path, request) }),
  };
  return (path) => exact.get(path) ?? (PORTAL_PATH.test(path) ? portalRoute : null);
}
