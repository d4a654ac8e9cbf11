import type { Plugin } from 'vite';

/**
 * Writes the bundler's wrapper of each CommonJS module (React, React DOM and its scheduler, the
 * JSX runtime) as a parenthesised `function` expression instead of an arrow function, so that V8
 * compiles the wrapper's body while it parses the chunk instead of parsing it twice: once to skip
 * over it, and again, on the main thread, when the chunk's evaluation calls it.
 *
 * Why: React DOM's client is one such wrapper of 180 kB, and calling it was the longest task a
 * signed-in page ran after its first paint (docs/performance.md, "React DOM compiled with the
 * chunk"). Rolldown writes the wrapper as `__commonJSMin(((exports) => {…}))`, a parenthesised
 * arrow meant as the same hint, but the minifier drops the parentheses around a lone parameter,
 * and Chromium does not treat `(e=>{…})` nor `((e)=>{…})` as a function about to be called, while
 * it does `(function(e){…})` (measured in the decision record 019).
 *
 * This rewrites Rolldown's output, so it checks its own work: a chunk that calls the wrapper in a
 * form it does not know fails the build, instead of the hint being lost unnoticed (the test
 * builds a CommonJS module through Vite to hold Rolldown to the form).
 */
export function eagerModuleWrappers(): Plugin {
  return {
    name: 'voltforge:eager-module-wrappers',
    // The browser's build only: the server renderer's wrappers are compiled by Node at start-up,
    // where compiling ones it never calls would only lengthen the start.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // Before the minifier, which keeps a `function` expression as it is.
    renderChunk(code, chunk) {
      const { code: rewritten, rewrites, calls } = eagerWrappers(code);
      if (rewrites !== calls) {
        this.error(
          `eager module wrappers: ${chunk.fileName} has ${calls} call(s) of the CommonJS wrapper, ` +
            `${rewrites} in the form this plugin rewrites; Rolldown's output has changed`,
        );
      }
      return rewrites > 0 ? { code: rewritten, map: null } : null;
    },
  };
}

/** A call of Rolldown's wrapper, up to the arrow function's body. */
const ARROW_WRAPPER = /(__commonJS(?:Min)?\(\()\(([\w$, ]*)\) => \{/g;
/** Any call of the wrapper (its definition is an assignment, not a call). */
const WRAPPER_CALL = /__commonJS(?:Min)?\(/g;

/** The chunk's code with each wrapper a `function` expression; how many there were. */
export function eagerWrappers(code: string): { code: string; rewrites: number; calls: number } {
  let rewrites = 0;
  const rewritten = code.replace(ARROW_WRAPPER, (_wrapper, call: string, params: string) => {
    rewrites++;
    return `${call}function(${params}) {`;
  });
  return { code: rewritten, rewrites, calls: code.match(WRAPPER_CALL)?.length ?? 0 };
}
