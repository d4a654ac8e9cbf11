import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { scopeToRunningCalls } from './async-storage.ts';

// Whether the storage is on: Node keeps that flag on the instance (the hooks run while any is on).
const isOn = (storage: AsyncLocalStorage<unknown>) =>
  (storage as unknown as { enabled: boolean }).enabled;

describe('an AsyncLocalStorage scoped to its running calls', () => {
  it('keeps each call its own context across awaits, while calls overlap', async () => {
    const storage = new AsyncLocalStorage<string>();
    scopeToRunningCalls(storage);
    const seen: string[] = [];
    const call = (name: string, ms: number) =>
      storage.run(name, async () => {
        await sleep(ms);
        seen.push(`${name}:${storage.getStore()}`);
        await sleep(ms);
        seen.push(`${name}:${storage.getStore()}`);
        return name;
      });
    const results = await Promise.all([call('a', 5), call('b', 20), call('c', 1)]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(seen.sort()).toEqual(['a:a', 'a:a', 'b:b', 'b:b', 'c:c', 'c:c']);
  });

  it('is on only while a call runs, and on again for the next one', async () => {
    const storage = new AsyncLocalStorage<number>();
    storage.run(1, () => undefined); // a run before scoping (the seed's sign-ups) leaves it on
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(true);
    scopeToRunningCalls(storage);
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(false);

    let release!: () => void;
    const first = storage.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    const second = storage.run(2, async () => {
      await sleep(1);
      return storage.getStore();
    });
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(true);
    expect(await second).toBe(2);
    // The first call still runs: the storage must stay on for it.
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(true);
    release();
    await first;
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(false);
    expect(storage.getStore()).toBeUndefined();

    expect(await storage.run(3, async () => storage.getStore())).toBe(3);
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(false);
  });

  it('settles a call that throws or rejects, passing the error on', async () => {
    const storage = new AsyncLocalStorage<number>();
    scopeToRunningCalls(storage);
    expect(() =>
      storage.run(1, () => {
        throw new Error('sync failure');
      }),
    ).toThrow('sync failure');
    await expect(
      storage.run(2, async () => {
        await sleep(1);
        throw new Error('async failure');
      }),
    ).rejects.toThrow('async failure');
    expect(isOn(storage as AsyncLocalStorage<unknown>)).toBe(false);
    expect(storage.run(4, () => storage.getStore())).toBe(4);
  });
});
