/**
 * The health of a dependency the shop only calls when there is work for it (the mail server, the
 * card provider), judged from those calls rather than by probing it: degraded while a call has
 * been under way longer than `slowAfterMs` (a hung server sends no error), and from a call that
 * failed for the dependency's sake until the next one succeeds.
 */
export interface CallHealth {
  /** Runs one call of the dependency and remembers how it went. */
  track<T>(call: () => Promise<T>): Promise<T>;
  /** The degraded mode while the dependency is hung or failing, else null. */
  probe(): string | null;
}

export function callHealth(opts: {
  /** The degraded mode `/api/ready` names. */
  mode: string;
  /** A call under way longer than this means the dependency is not answering. */
  slowAfterMs: number;
  /** Whether a failure is the dependency's (unreachable, refusing) rather than the request's. */
  isOutage: (error: unknown) => boolean;
  now?: () => number;
}): CallHealth {
  const now = opts.now ?? Date.now;
  const started = new Set<{ at: number }>();
  let failing = false;
  return {
    async track(call) {
      const entry = { at: now() };
      started.add(entry);
      try {
        const result = await call();
        failing = false;
        return result;
      } catch (error) {
        if (opts.isOutage(error)) failing = true;
        throw error;
      } finally {
        started.delete(entry);
      }
    },
    probe() {
      if (failing) return opts.mode;
      const at = now();
      for (const entry of started) if (at - entry.at > opts.slowAfterMs) return opts.mode;
      return null;
    },
  };
}
