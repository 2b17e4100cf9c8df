import { useEffect, useRef } from 'preact/hooks';
import { type RichTextValue, renderRichText } from './render.ts';

/** Props of {@link RichText}. */
export interface RichTextProps {
  value: RichTextValue | unknown;
  class?: string;
  /** Called after the sanitized content is in place (or failed to render). */
  onRender?: () => void;
}

/** Renders sanitized rich text in a `<div>` whose children Preact leaves alone. */
export function RichText({ value, class: className, onRender }: RichTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let current = true;
    // If the sanitizer cannot load (offline), the block stays empty rather than unsafe.
    renderRichText(element, value)
      .catch(() => element.replaceChildren())
      .then(() => {
        if (current) onRender?.();
      });
    return () => {
      current = false;
    };
  }, [value]);
  return <div ref={ref} class={className} />;
}
