import { expect, it } from 'vitest';
import { defineOptions, type OptionsInput, property, text } from './define-options.ts';
import { WidgetElement, type WidgetElementClass, type WidgetHandle } from './widget-element.ts';

const OPTIONS = defineOptions({ workspace: text(), fetch: property<typeof fetch>() });
type Input = OptionsInput<typeof OPTIONS.fields>;

/** What the widgets of the test elements were told, in order. */
const told: string[] = [];
const mount = (_element: HTMLElement, options: Input): WidgetHandle<Input> => {
  told.push(`mount ${options.workspace}`);
  return {
    update: (next) => told.push(`update ${next.workspace} ${next.fetch ? 'fetch' : ''}`.trim()),
    destroy: () => told.push('destroy'),
  };
};

class TestElement extends (WidgetElement as WidgetElementClass<object, typeof OPTIONS.fields, WidgetHandle<Input>>) {
  static readonly observedAttributes = OPTIONS.attributes;
  static {
    OPTIONS.reflect(TestElement.prototype, (element) => (element as TestElement).changed());
  }
  constructor() {
    super(OPTIONS, mount);
  }
}
customElements.define('test-widget-element', TestElement);

it('mounts on connect, tells each option change, keeps a moved widget and destroys a removed one', async () => {
  told.length = 0;
  const element = document.createElement('test-widget-element') as TestElement;
  element.setAttribute('workspace', 'ws1');
  document.body.append(element);
  expect(told).toEqual(['mount ws1']);
  element.workspace = 'ws2';
  element.setAttribute('workspace', 'ws2');
  element.fetch = globalThis.fetch;
  expect(told).toEqual(['mount ws1', 'update ws2', 'update ws2 fetch']);
  // Moved: taken out and put back in one task.
  document.body.prepend(element);
  await Promise.resolve();
  expect(told).toEqual(['mount ws1', 'update ws2', 'update ws2 fetch']);
  element.remove();
  await Promise.resolve();
  expect(told.at(-1)).toBe('destroy');
  document.body.append(element);
  expect(told.at(-1)).toBe('mount ws2');
  element.remove();
});
