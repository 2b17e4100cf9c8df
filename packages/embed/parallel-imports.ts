import type { Plugin } from 'vite';

type OutputChunk = { type: 'chunk'; fileName: string; imports: string[]; code: string };

/**
 * Lets the browser fetch a lazily loaded chunk and every chunk it statically imports at once:
 * each `import("./x.js")` becomes `Promise.all([import("./x.js"), import("./dep.js"), …])`
 * resolving to x's module. Without it the browser learns of x's imports only once x has arrived,
 * one network round trip per level (on a slow network, over half a second each). Vite does the
 * same with `modulepreload` in application builds, and leaves it out in library mode. Only chunks
 * not yet loaded by the importing one are added. The source maps of a rewritten chunk are off by
 * the inserted characters after the first rewritten import.
 */
export function parallelImports(): Plugin {
  return {
    name: 'hearken:parallel-imports',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const output of Object.values(bundle) as { type: string }[]) {
        if (output.type === 'chunk') chunks.set((output as OutputChunk).fileName, output as OutputChunk);
      }
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        for (const dependency of chunks.get(file)?.imports ?? []) {
          if (seen.has(dependency)) continue;
          seen.add(dependency);
          closure(dependency, seen);
        }
        return seen;
      };
      for (const chunk of chunks.values()) {
        const loaded = closure(chunk.fileName);
        chunk.code = chunk.code.replace(
          /import\(([`"'])\.\/([^`"']+\.js)\1\)/g,
          (whole, quote: string, file: string) => {
            const more = [...closure(file)].filter(
              (dependency) => dependency !== chunk.fileName && !loaded.has(dependency),
            );
            if (more.length === 0) return whole;
            const all = [file, ...more].map((name) => `import(${quote}./${name}${quote})`).join(',');
            return `Promise.all([${all}]).then(m=>m[0])`;
          },
        );
      }
    },
  };
}
