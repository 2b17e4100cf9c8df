/** How the CLIs write their logs: one JSON object a line, or the same entries laid out for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Entry fields a logger blanks wherever a caller might put them (pino `redact` paths). Bodies and
 * headers are never handed to the logger in the first place; this is the second line.
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  'authorization',
  'cookie',
  'apiKey',
  'key',
  'token',
  'secret',
  'body',
  'headers',
  '*.authorization',
  '*.cookie',
  '*.apiKey',
  '*.key',
  '*.token',
  '*.secret',
  '*.body',
  '*.headers',
];

/** `pretty` when the output is a terminal a person reads, `json` for a log collector. */
export function defaultLogFormat(output: { isTTY?: boolean }): LogFormat {
  return output.isTTY ? 'pretty' : 'json';
}
