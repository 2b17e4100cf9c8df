/**
 * @hearken/ui/dom: the helpers that need no Preact (attribute reflection, stylesheet adoption,
 * events, storage), for an element's eager part, which runs before Preact has loaded; nothing it
 * imports reaches a Preact-based module, nor a module only the lazy parts use. What the models add
 * is in `@hearken/ui/model`.
 */
export { defineElement } from './define.ts';
export {
  defineOptions,
  flag,
  type Kebab,
  native,
  type OptionAttributeName,
  type OptionAttributes,
  type OptionField,
  type OptionFields,
  type OptionKind,
  type OptionProperties,
  type OptionsInput,
  type OptionsOf,
  type OptionTable,
  oneOf,
  property,
  text,
} from './define-options.ts';
export { emit, type HearkenErrorDetail, type HearkenEventType, listen } from './events.ts';
export { lazyModule } from './lazy-module.ts';
// The launcher room and the changelog-shown answer are leaves of their own
// (`@hearken/ui/launcher-room`, `@hearken/ui/changelog-shown`), not re-exported here: esbuild splits
// by file, so re-exported they would load with every eager part that imports this module, the
// feedback's included, which uses neither.
// The option signals' functions are imported from `@hearken/ui/option-signals` by the views only:
// the elements import this module before their view exists and need no signals library then.
export type { OptionSignals } from './option-signals.ts';
export { type AttributeMap, reflectAttributes, upgradeProperties } from './reflect.ts';
export {
  type KeyValueStorage,
  memoryStorage,
  readJson,
  readText,
  resolveStorage,
  writeJson,
  writeText,
} from './storage.ts';
export { adoptStyles, ownStyles } from './styles.ts';
export type { HearkenElementClass, HearkenEventTarget, VueElementType, VueEventProps } from './typed-events.ts';
export { whenIdle } from './when-idle.ts';
export { whenRemoved } from './when-removed.ts';
export {
  WidgetElement,
  type WidgetElementClass,
  type WidgetHandle,
  type WidgetMount,
} from './widget-element.ts';
