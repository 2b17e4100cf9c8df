import type { ValidationIssue } from '@hearken/core';

/** Why the proxy refused to start. */
export type ProxyConfigReason =
  | 'invalid_option'
  | 'v1_key'
  | 'invalid_key'
  | 'missing_scope'
  | 'broad_key'
  | 'upstream_unreachable';

/**
 * Thrown by `createProxy` when its configuration or its key is unfit for a browser-facing proxy.
 * The message says what to change; it never contains the key.
 */
export class ProxyConfigError extends Error {
  override readonly name = 'ProxyConfigError' as const;
  readonly reason: ProxyConfigReason;
  /** The option at fault, for `invalid_option`. */
  readonly option: string | undefined;
  /** Every broken rule, for `invalid_option`; the message lists them all. */
  readonly issues: readonly ValidationIssue[] | undefined;
  /** Scopes the key carries, when the service told us. */
  readonly scopes: readonly string[] | undefined;

  constructor(
    reason: ProxyConfigReason,
    message: string,
    extra: { option?: string; issues?: readonly ValidationIssue[]; scopes?: readonly string[] } = {},
  ) {
    super(message);
    this.reason = reason;
    this.option = extra.option;
    this.issues = extra.issues;
    this.scopes = extra.scopes;
  }
}

export function isProxyConfigError(value: unknown): value is ProxyConfigError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ProxyConfigError';
}
