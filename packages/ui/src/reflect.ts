/** Property name → attribute name, e.g. `{ apiBase: 'api-base' }`. */
export type AttributeMap = Readonly<Record<string, string>>;

/**
 * Gives `prototype` a string property per entry that reads its attribute (`null` when absent)
 * and writes it (`null`/`undefined` removes it), so properties and attributes never disagree.
 * Properties the prototype already defines are left alone. Has no dependencies, so an element's
 * eager part can use it before Preact has loaded.
 */
export function reflectAttributes(prototype: object, attributes: AttributeMap): void {
  for (const [property, attribute] of Object.entries(attributes)) {
    if (Object.hasOwn(prototype, property)) continue;
    Object.defineProperty(prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: Element) {
        return this.getAttribute(attribute);
      },
      set(this: Element, value: unknown) {
        if (value === null || value === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
}

/**
 * A property set on an element before it was upgraded is an own property shadowing the
 * accessor: moves each of `properties` through the accessor so it is reflected and not lost.
 */
export function upgradeProperties(element: object, properties: readonly string[]): void {
  const record = element as Record<string, unknown>;
  for (const property of properties) {
    if (Object.hasOwn(record, property)) {
      const value = record[property];
      delete record[property];
      record[property] = value;
    }
  }
}
