import { describe, expect, it } from 'vitest';
import { parallelImports } from '../parallel-imports.ts';

const chunk = (fileName: string, imports: string[], code = '') => ({ type: 'chunk', fileName, imports, code });

function build(bundle: Record<string, ReturnType<typeof chunk>>) {
  const hook = parallelImports().generateBundle as unknown as (options: unknown, bundle: unknown) => void;
  hook.call({}, {}, bundle);
  return bundle;
}

describe('parallelImports', () => {
  it('asks for a lazy chunk and the chunks it imports at once, leaving out what the importer has loaded', () => {
    const bundle = build({
      'loader.js': chunk('loader.js', ['helpers.js'], 'go=()=>import(`./widget.js`).then(m=>m.run())'),
      'widget.js': chunk('widget.js', ['framework.js', 'helpers.js']),
      'framework.js': chunk('framework.js', ['runtime.js']),
      'runtime.js': chunk('runtime.js', []),
      'helpers.js': chunk('helpers.js', []),
    });
    expect(bundle['loader.js']!.code).toBe(
      'go=()=>Promise.all([import(`./widget.js`),import(`./framework.js`),import(`./runtime.js`)]).then(m=>m[0]).then(m=>m.run())',
    );
  });

  it('leaves an import alone when the chunk imports nothing new', () => {
    const code = 'import("./locale.js")';
    const bundle = build({
      'widget.js': chunk('widget.js', ['strings.js'], code),
      'locale.js': chunk('locale.js', ['strings.js']),
      'strings.js': chunk('strings.js', []),
    });
    expect(bundle['widget.js']!.code).toBe(code);
  });
});
