import clsx from 'clsx';

/**
 * The drawn part of an on/off switch: a 36 x 20 track and its knob. Lives inside a react-aria
 * `Switch` with the `group` class, whose data attributes colour and move it.
 */
export function SwitchTrack({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={clsx(
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-fg-muted/40',
        'transition-colors duration-125 group-data-[selected]:bg-primary',
        'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2',
        'group-data-[focus-visible]:outline-primary group-data-[focus-visible]:outline-solid',
        className,
      )}
    >
      <span
        className={clsx(
          'ml-0.5 size-4 rounded-full bg-bg shadow transition-transform duration-125',
          'group-data-[selected]:translate-x-4',
        )}
      />
    </span>
  );
}
