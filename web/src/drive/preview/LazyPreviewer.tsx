import { lazy, Suspense, type ComponentProps } from 'react';

const Previewer = lazy(() => import('./Previewer.tsx').then((m) => ({ default: m.Previewer })));

/** The previewer, loaded when a file is first opened rather than with the drive. */
export function LazyPreviewer(props: ComponentProps<typeof Previewer>) {
  return (
    <Suspense fallback={null}>
      <Previewer {...props} />
    </Suspense>
  );
}
