type Screens = typeof import('./appearance-screens.ts');

/** A route's `lazy`: the named screen out of the editor's one chunk of screens. */
export const lazyScreen = (name: keyof Screens) => async () => ({
  Component: (await import('./appearance-screens.ts'))[name],
});
