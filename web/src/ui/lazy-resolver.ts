import type { FieldValues, Resolver } from 'react-hook-form';

/** A schema resolver whose code loads when it is first needed; `load` starts that early. */
export type LazyResolver<T extends FieldValues> = Resolver<T> & { load: () => void };

/**
 * A form's resolver that loads zod and the schema on first use instead of with the page: the
 * sign-in and register pages then paint and answer taps sooner on a slow phone. The form starts
 * the load on its first input (typing or autofill; not focus, which the page gives on its own), so
 * it is there by the time the person submits.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download is tried again on the next submit.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { load: () => void get().catch(() => undefined) });
}
