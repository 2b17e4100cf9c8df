/** One request as a client describes it, and the answer the transport resolves with. */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: Method;
  /** Path below `baseUrl`, starting with `/`; segments already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  /** The answer is bytes (a download): its body is read as a `Uint8Array`, not as JSON or text. */
  binary?: boolean | undefined;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or undefined when empty; bytes for a `binary` request. */
  body: unknown;
  method: Method;
  url: string;
}
