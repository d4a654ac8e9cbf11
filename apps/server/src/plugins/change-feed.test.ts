import { describe, expect, it } from 'vitest';
import { sharedRounds } from './change-feed.ts';

/** Sync rounds the test ends by hand, in order. */
function manualRounds() {
  const ends: Array<() => void> = [];
  const run = () => new Promise<void>((resolve) => ends.push(resolve));
  return { ends, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('sync rounds shared by the writes that wait for them', () => {
  it('starts a round at once, and one more for every caller that came while it ran', async () => {
    const { ends, run } = manualRounds();
    const caughtUp = sharedRounds(run);
    const first = caughtUp();
    expect(ends).toHaveLength(1);
    const [second, third] = [caughtUp(), caughtUp()];
    // Neither joins the round in flight; both wait for the next, which has not started yet.
    expect(second).toBe(third);
    expect(ends).toHaveLength(1);
    ends[0]!();
    await first;
    await tick();
    expect(ends).toHaveLength(2);
    let done = false;
    void second.then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    ends[1]!();
    await third;
    expect(done).toBe(true);
  });

  it('has a caller that comes as a round ends join the next one already asked for', async () => {
    const { ends, run } = manualRounds();
    let inner!: Promise<void>;
    const caughtUp = sharedRounds(() => (inner = run()));
    void caughtUp();
    const next = caughtUp();
    let late: Promise<void> | undefined;
    // Runs right after the round's own end bookkeeping, before the next round starts.
    void inner.then(() => (late = caughtUp()));
    ends[0]!();
    await tick();
    expect(late).toBe(next);
    expect(ends).toHaveLength(2);
    ends[1]!();
    await late;
    await tick();
    expect(ends).toHaveLength(2);
  });

  it('goes on after a round that failed', async () => {
    let calls = 0;
    const caughtUp = sharedRounds(async () => {
      calls += 1;
      if (calls === 1) throw new Error('no answer from an instance');
    });
    const first = caughtUp();
    const second = caughtUp();
    await expect(first).rejects.toThrow('no answer');
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
