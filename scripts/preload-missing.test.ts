import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { preloadOnlyMissing } from './preload-missing.ts';

const chunk = (fileName: string, imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: fileName === 'index.js',
  facadeModuleId: null,
});

describe('preloads of a dynamic import', () => {
  it('names only the chunks its caller has not loaded, directly or through another', () => {
    const { plugin, resolveDependencies } = preloadOnlyMissing();
    const bundle = {
      'index.js': chunk('index.js', ['react.js']),
      'react.js': chunk('react.js', ['runtime.js']),
      'runtime.js': chunk('runtime.js'),
      'page.js': chunk('page.js', ['react.js', 'money.js']),
      'money.js': chunk('money.js'),
    } as unknown as OutputBundle;
    const generate = plugin.generateBundle as (options: unknown, b: OutputBundle) => void;
    generate.call({}, {}, bundle);
    expect(
      resolveDependencies('page.js', ['page.js', 'react.js', 'runtime.js', 'money.js'], {
        hostId: 'index.js',
      }),
    ).toEqual(['page.js', 'money.js']);
    // A caller the bundle does not know keeps every preload.
    expect(resolveDependencies('page.js', ['react.js'], { hostId: 'other.js' })).toEqual([
      'react.js',
    ]);
  });
});
