/**
 * Registers `element` under `tagName` in `registry` and returns the class registered under the
 * tag; defining a tag twice is a no-op. Without a registry (Node during a server render) it does
 * nothing and returns undefined. Each widget's `define()` calls it with its own default tag.
 */
export function defineElement(
  element: CustomElementConstructor,
  defaultTag: string,
  tagName: string,
  registry: CustomElementRegistry | undefined,
): CustomElementConstructor | undefined {
  if (!registry) return undefined;
  const existing = registry.get(tagName);
  if (existing) return existing;
  // One class can back one tag only; other tags get their own subclass.
  const defined = tagName === defaultTag ? element : class extends element {};
  registry.define(tagName, defined);
  return defined;
}
