const query = (): MediaQueryList | undefined =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

/** Whether the reader currently prefers a dark colour scheme (false where unknown). */
export function prefersDark(): boolean {
  return query()?.matches ?? false;
}

/** Calls `listener` whenever the reader's colour-scheme preference changes. Returns an unsubscribe. */
export function watchPrefersDark(listener: (dark: boolean) => void): () => void {
  const list = query();
  const onChange = (event: MediaQueryListEvent) => listener(event.matches);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}
