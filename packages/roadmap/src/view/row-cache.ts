import type { VNode } from 'preact';
import { useMemo } from 'preact/hooks';

/**
 * Hook: the element for each item, made once while `inputs` stay the same. Preact leaves an
 * element it rendered before untouched, so a pass that adds rows to a long list renders only
 * the new ones instead of every row again. `make` must return a component element (Preact
 * skips only those), keyed, and depend on nothing but the item and `inputs`.
 */
export function useRowCache<T extends object>(
  make: (item: T) => VNode,
  inputs: readonly unknown[],
): (item: T) => VNode {
  return useMemo(() => {
    const rows = new WeakMap<T, VNode>();
    return (item: T) => {
      let row = rows.get(item);
      if (!row) {
        row = make(item);
        rows.set(item, row);
      }
      return row;
    };
  }, inputs);
}
