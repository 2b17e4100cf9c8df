import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  defineOptions,
  flag,
  native,
  type OptionAttributeName,
  type OptionAttributes,
  type OptionProperties,
  type OptionsInput,
  type OptionsOf,
  oneOf,
  property,
  text,
} from './define-options.ts';
import { patchTable, tableSignals } from './option-signals.ts';

const OPTIONS = defineOptions({
  /** Required. */
  proxy: text({ required: true }),
  apiBase: text(),
  mode: oneOf(['launcher', 'inline'], 'launcher'),
  theme: oneOf(['auto', 'light', 'dark']),
  screenshots: flag(false),
  suggest: flag(true),
  nonce: native(),
  strings: property<{ title?: string }>(),
  context: property<Record<string, string> | 'off'>((value) => (value === 'off' ? 'off' : undefined)),
});

type Table = typeof OPTIONS.fields;

class Probe extends HTMLElement {
  static readonly observedAttributes = OPTIONS.attributes;
  changes = 0;
}
OPTIONS.reflect(Probe.prototype, (element) => {
  (element as Probe).changes += 1;
});
customElements.define('hk-options-probe', Probe);

function probe(): Probe & OptionProperties<Table> {
  return document.createElement('hk-options-probe') as Probe & OptionProperties<Table>;
}

describe('defineOptions', () => {
  it('observes each attribute option under its kebab-case name, and no property-only one', () => {
    expect(OPTIONS.attributes).toEqual([
      'proxy',
      'api-base',
      'mode',
      'theme',
      'screenshots',
      'suggest',
      'nonce',
      'context',
    ]);
    expect(OPTIONS.attributeOf('apiBase')).toBe('api-base');
  });

  it('reflects attribute options both ways, and keeps property options without touching attributes', () => {
    const element = probe();
    element.apiBase = 'https://api.example';
    expect(element.getAttribute('api-base')).toBe('https://api.example');
    element.setAttribute('mode', 'inline');
    expect(element.mode).toBe('inline');
    element.apiBase = null;
    expect(element.hasAttribute('api-base')).toBe(false);
    const strings = { title: 'Hi' };
    element.strings = strings;
    expect(element.strings).toBe(strings);
    expect(element.hasAttribute('strings')).toBe(false);
    expect(element.changes).toBe(1);
  });

  it('reads a property that also takes an attribute from the attribute until the property is set', () => {
    const element = probe();
    element.setAttribute('context', 'off');
    expect(element.context).toBe('off');
    element.context = { plan: 'pro' };
    expect(element.context).toEqual({ plan: 'pro' });
  });

  it('parses an element: defaults for missing or unknown values, flags from on/off or a bare attribute', () => {
    const element = probe();
    element.setAttribute('proxy', 'https://proxy.example');
    element.setAttribute('mode', 'sideways');
    element.setAttribute('screenshots', '');
    element.setAttribute('suggest', 'off');
    element.setAttribute('api-base', '');
    element.setAttribute('nonce', 'n0nce');
    expect(OPTIONS.parse(OPTIONS.read(element))).toEqual({
      proxy: 'https://proxy.example',
      apiBase: undefined,
      mode: 'launcher',
      theme: undefined,
      screenshots: true,
      suggest: false,
      nonce: 'n0nce',
      strings: undefined,
      context: undefined,
    });
    expect(OPTIONS.parse(OPTIONS.read(probe()))).toMatchObject({ proxy: '', screenshots: false, suggest: true });
  });

  it('moves a property set before the upgrade through its accessor', () => {
    const early = document.createElement('hk-options-early') as HTMLElement & Record<string, unknown>;
    early.apiBase = 'https://early.example';
    document.body.append(early);
    class Early extends HTMLElement {
      connectedCallback() {
        OPTIONS.upgrade(this);
      }
    }
    OPTIONS.reflect(Early.prototype, () => undefined);
    customElements.define('hk-options-early', Early);
    expect(early.getAttribute('api-base')).toBe('https://early.example');
  });

  it('holds parsed options as signals and patches only the options named', () => {
    const signals = tableSignals(OPTIONS, { proxy: 'https://proxy.example', mode: 'inline' });
    expect(signals.mode.value).toBe('inline');
    expect(signals.suggest.value).toBe(true);
    patchTable(OPTIONS, signals, { screenshots: 'on' });
    expect(signals.screenshots.value).toBe(true);
    expect(signals.mode.value).toBe('inline');
    patchTable(OPTIONS, signals, { mode: undefined });
    expect(signals.mode.value).toBe('launcher');
  });

  it('derives the typings from the table', () => {
    expectTypeOf<OptionsInput<Table>>().toHaveProperty('proxy').toEqualTypeOf<string>();
    expectTypeOf<OptionsInput<Table>['mode']>().toEqualTypeOf<'launcher' | 'inline' | undefined>();
    expectTypeOf<OptionsOf<Table>['mode']>().toEqualTypeOf<'launcher' | 'inline'>();
    expectTypeOf<OptionsOf<Table>['screenshots']>().toEqualTypeOf<boolean>();
    expectTypeOf<OptionAttributes<Table>['api-base']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<OptionAttributes<Table>['screenshots']>().toEqualTypeOf<'on' | 'off' | undefined>();
    expectTypeOf<keyof OptionAttributes<Table>>().toEqualTypeOf<
      'proxy' | 'apiBase' | 'api-base' | 'mode' | 'theme' | 'screenshots' | 'suggest' | 'nonce' | 'strings' | 'context'
    >();
    expectTypeOf<OptionAttributeName<Table, 'apiBase'>>().toEqualTypeOf<'api-base'>();
    expectTypeOf<OptionAttributeName<Table, 'strings'>>().toEqualTypeOf<never>();
    expectTypeOf<OptionProperties<Table>['apiBase']>().toEqualTypeOf<string | null>();
    expectTypeOf<'nonce' extends keyof OptionProperties<Table> ? true : false>().toEqualTypeOf<false>();
  });
});
