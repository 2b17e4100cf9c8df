import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import onHeaders from 'on-headers';

/** Bodies smaller than this go out as they are: below about one packet compression saves nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What gets compressed: HTML, CSS, JavaScript, JSON (and `+json` types such as problem details),
 * plain text and SVG. Images other than SVG, fonts and archives are compressed already, and
 * Server-Sent Events (`text/event-stream`) must reach the reader event by event, never held in a
 * compressor's buffer.
 */
const COMPRESSIBLE =
  /^\s*(?:text\/(?:html|css|javascript|plain)|application\/(?:json|javascript|[\w.-]+\+json)|image\/svg\+xml)\s*(?:;|$)/i;

const NO_BODY = new Set([204, 304]);

/** Whether a response of this `Content-Type` is worth compressing. */
export function compressibleType(type: unknown): boolean {
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

/** Whether the `If-None-Match` header names `tag` (as the client stored it). */
function names(header: string | undefined, tag: string): boolean {
  return header?.split(',').some((item) => item.trim() === tag) ?? false;
}

/**
 * Serves `listener`'s answers compressed with brotli or gzip, whichever the client prefers by its
 * `Accept-Encoding` (brotli on a tie), through the `compression` middleware: only the types above,
 * only bodies of at least {@link COMPRESS_THRESHOLD_BYTES}, never a body the handler encoded itself
 * or one marked `Cache-Control: no-transform`, never a HEAD; every such answer says
 * `Vary: Accept-Encoding`.
 *
 * A compressed body is another sequence of bytes than the one its strong ETag names, so its ETag
 * goes out weak (`W/"…"`: the same content, as nginx does); weak comparison, which
 * `If-None-Match` uses, still matches it, and a 304 to a client that holds the compressed copy
 * names the weak tag too.
 */
export function compressed<R>(
  listener: (incoming: IncomingMessage, outgoing: ServerResponse) => R,
): (incoming: IncomingMessage, outgoing: ServerResponse) => R {
  const compress = compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    // A 304 or 204 has no body to compress, whatever its headers say of the one it stands for.
    filter: (_request, response) =>
      !NO_BODY.has(response.statusCode) && compressibleType(response.getHeader('Content-Type')),
  });
  return (incoming, outgoing) => {
    let encodedByHandler = false;
    // Registered first, so it runs last: after `compression` has chosen the body's encoding.
    onHeaders(outgoing, function tagEncoding() {
      const etag = this.getHeader('ETag');
      if (typeof etag !== 'string' || etag.startsWith('W/') || encodedByHandler) return;
      const encoding = this.getHeader('Content-Encoding');
      const weak = `W/${etag}`;
      if (
        (encoding && encoding !== 'identity') ||
        (this.statusCode === 304 && names(incoming.headers['if-none-match'], weak))
      ) {
        this.setHeader('ETag', weak);
      }
    });
    let result: R | undefined;
    compress(incoming as Parameters<typeof compress>[0], outgoing as Parameters<typeof compress>[1], () => {
      // Registered after `compression`'s own hook, so it runs first: what the handler set itself.
      onHeaders(outgoing, function noteEncoding() {
        const encoding = this.getHeader('Content-Encoding');
        encodedByHandler = Boolean(encoding) && encoding !== 'identity';
      });
      result = listener(incoming, outgoing);
    });
    // `compression` calls on at once, so the listener has run.
    return result as R;
  };
}
