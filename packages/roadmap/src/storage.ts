import { useEffect, useState } from 'preact/hooks';

// localStorage throws in some privacy modes and sandboxed iframes; the widget then just forgets.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives for this page only.
  }
}

/**
 * Hook: a string kept in localStorage under `key`, updated live when another tab changes it
 * (the `storage` event). Returns the value and a setter; an updater receives the stored value as
 * it is now, so writes from other tabs are not lost.
 */
export function useStoredValue(
  key: string,
): [string | null, (next: string | ((stored: string | null) => string)) => void] {
  // Read in a task of its own after the first paint: the first access to localStorage in a page
  // can take many milliseconds, and nothing shows the value before the data has arrived.
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setValue(read(key)), 0);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setValue(read(key));
    };
    addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      removeEventListener('storage', onStorage);
    };
  }, [key]);
  const store = (next: string | ((stored: string | null) => string)) => {
    const value = typeof next === 'function' ? next(read(key)) : next;
    write(key, value);
    setValue(value);
  };
  return [value, store];
}
