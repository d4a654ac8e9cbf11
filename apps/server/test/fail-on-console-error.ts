import { afterEach, vi } from 'vitest';

// House rule 9: a console.error during a test fails it.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${logged.join('\n')}`);
  }
});
