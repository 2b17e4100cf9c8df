import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FetchHandler, isProxyHandler } from '../handler/create-proxy.ts';
import { errorReply, newRequestId } from '../http/envelope.ts';
import { pathOf, writeReply } from './exchange.ts';
import { toNodeListener } from './listener.ts';

/** A middleware mounted earlier (a body parser such as `express.json()`) already read the body. */
function bodyAlreadyRead(incoming: IncomingMessage): boolean {
  return incoming.readableEnded || (incoming as { _body?: unknown })._body === true;
}

const BODY_READ_MESSAGE =
  'The request body was already read by a middleware mounted before the Hearken proxy (a body parser such as express.json()); mount expressMiddleware before any body parser';

/**
 * Express/Connect middleware: `app.use(expressMiddleware(proxy))` with the proxy's `basePath`, or
 * `app.use('/hearken', expressMiddleware(proxy))` without one. It answers the proxy's own paths
 * and passes every other request on with `next()`. Mount it before any body parser: it reads the
 * raw body itself to enforce the size limit, and answers 500 naming the cause when a parser got
 * there first.
 */
export function expressMiddleware(
  handler: FetchHandler,
): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void {
  const listener = toNodeListener(handler);
  // A handler the host app wrapped may answer any path.
  const serves = isProxyHandler(handler) ? handler.serves : () => true;
  return (req, res, next) => {
    if (!serves(pathOf(req))) {
      next();
      return;
    }
    if (req.method === 'POST' && bodyAlreadyRead(req)) {
      writeReply(res, errorReply('body_already_read', BODY_READ_MESSAGE, newRequestId()));
      return;
    }
    listener(req, res).catch(next);
  };
}
