import { useLayoutEffect } from 'preact/hooks';
import { adoptStyles } from './styles.ts';

/**
 * Hook for parts of a widget that bring their own CSS (for example a lazily loaded view): adopts
 * `css` into the shadow root that contains `ref`'s element, once.
 */
export function useAdoptedStyles(ref: { readonly current: Element | null }, css: string): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot) adoptStyles(root, css);
  }, [css]);
}
