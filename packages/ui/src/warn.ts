const reported = new Set<string>();

/** Logs a `[hearken]` console warning the first time `key` is seen in this page. */
export function warnOnce(key: string, message: string): void {
  if (reported.has(key)) return;
  reported.add(key);
  console.warn(`[hearken] ${message}`);
}
