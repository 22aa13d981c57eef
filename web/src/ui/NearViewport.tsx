import { Suspense, type ReactNode } from 'react';
import { useNearViewport } from './useNearViewport.ts';

type NearViewportProps = {
  className?: string;
  /** Shown until the box nears the viewport and while its lazy parts load; keeps the box's height. */
  placeholder?: ReactNode;
  /** Lazily loaded parts: content far down a page loads as the reader approaches it. */
  children: ReactNode;
  /** How near (a CSS margin) the box comes before its content mounts; 600 px unless said. */
  margin?: string;
};

/** A box whose content mounts once it comes within `margin` of the viewport. */
export function NearViewport({ className, placeholder = null, children, margin }: NearViewportProps) {
  const [box, isNear] = useNearViewport<HTMLDivElement>(margin);
  return (
    <div ref={box} className={className}>
      {isNear ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
