/** Reading a request body as UTF-8 text within a size limit; `aborted` when the client hung up mid-body. */
export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'not_utf8' | 'aborted' };

/**
 * A request as the proxy reads it, whatever carried it in: a Fetch `Request`, or Node's
 * `IncomingMessage` read directly, so the Node adapters build no web objects per call.
 */
export interface ProxyRequest {
  readonly method: string;
  /** The URL's path, as a URL parser normalises it. */
  readonly path: string;
  /** A query parameter, or null. */
  param(name: string): string | null;
  /** A header's value, repeats joined with ", " as `Headers.get` does; null when absent. */
  header(name: string): string | null;
  /** The body as UTF-8 text, refused as soon as it exceeds `limit` bytes. */
  text(limit: number): Promise<BodyResult>;
}

/** A reply before it becomes a Fetch `Response` or is written to a Node socket. Header names are lower-case. */
export interface ProxyReply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** What became of a request: its reply, and for the log why it was refused or turned aside. */
export interface Outcome {
  reply: ProxyReply;
  reason?: string;
  /** Logged at info whatever the reason: the client went away, nothing failed. */
  quiet?: boolean;
  /** A thread forwarded held for review, and why (counted by `/metrics`). */
  held?: readonly string[];
}
