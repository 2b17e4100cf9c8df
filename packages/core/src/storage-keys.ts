/**
 * @hearken/core/storage-keys: the widgets' storage keys alone, for an element's eager part, which
 * runs before anything else of the widget and so imports only what it uses, not the API's other
 * constants (`@hearken/core/constants`).
 */
export * from './contract/storage-keys.ts';
