/** Sets `out[key]`, as an own property even for `__proto__` (a key JSON.parse can produce). */
export function assign(out: Record<PropertyKey, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  else out[key] = value;
}
