import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { input, output, ZodType } from 'zod';
import { preloadWhenHeld } from '../first-paint/hydration';
import { toast } from '../page/toast';

/**
 * Shown when a form's checks cannot be fetched (the server or the connection down, or a new
 * release replaced them): said as the other calls say an unreachable server.
 */
export const checksUnavailableMessage =
  'Could not reach the server. Check your connection and try again; if the shop was just updated, reload the page.';

/**
 * A form's resolver whose schema is fetched and evaluated when the form is first used, not with
 * its page (docs/performance.md, "Forms check with code fetched on first use"). zod and the
 * contract's rules are 25–80 kB gzip: evaluated with the page, they were a long task of their own
 * on a slow phone before the page could answer a tap. `preload` is for the form's `onFocus`, so
 * the checks are usually here by the time it is sent; sending before that waits for them. A form
 * sent before the page hydrated has them fetched while it hydrates (`preloadWhenHeld`).
 *
 * `load` imports the schema and its resolver (`import('@hookform/resolvers/zod')` with the
 * contract's module), so they stay out of the page's chunks. A failed download is not kept:
 * the form says so, is not sent, and the next try fetches again.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): { resolver: Resolver<TValues, TContext, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TValues, TContext, TOutput> = async (values, context, options) => {
    let resolve: Resolver<TValues, TContext, TOutput>;
    try {
      resolve = await get();
    } catch {
      toast.error(checksUnavailableMessage);
      // A form-wide error (not a field's), so nothing is sent.
      const errors = {
        root: { type: 'unavailable', message: checksUnavailableMessage },
      } as FieldErrors<TValues>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  const preload = () => void get().catch(() => undefined);
  preloadWhenHeld(preload);
  return { resolver, preload };
}

/**
 * `lazyResolver` for a zod schema: `load` imports the contract's module and picks the schema,
 * e.g. `zodChecks(() => import('@voltforge/contract/user').then((m) => m.loginSchema))`.
 */
export function zodChecks<T extends ZodType<FieldValues, FieldValues>>(load: () => Promise<T>) {
  return lazyResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import('@hookform/resolvers/zod'),
      load(),
    ]);
    // zod sets a schema up on its first check (5-20 ms on a slow phone for a sign-in form): done
    // now, as the checks arrive, rather than when the form is sent. The answer is not used.
    await schema.safeParseAsync({});
    // zodResolver's overloads cannot see through a generic schema; its answer is this.
    return zodResolver(schema) as unknown as Resolver<input<T>, unknown, output<T>>;
  });
}
