import { useEffect, useState } from 'preact/hooks';

/**
 * Hook: a module loaded with `load()` once `wanted` turns true. Returns the module (undefined
 * while loading), whether loading failed, and a retry. Dynamic imports are cached by the
 * runtime, so calling `load` early (to preload) is free.
 */
export function useLazyModule<T>(load: () => Promise<T>, wanted: boolean): [T | undefined, boolean, () => void] {
  const [module, setModule] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    setFailed(false);
    load().then(
      (loaded) => live && setModule(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  return [module, failed, () => setAttempt((n) => n + 1)];
}
