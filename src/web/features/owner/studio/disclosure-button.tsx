import type { ReactNode } from 'react';

/** A button that shows and hides a part of the page, which exists only while shown (and is named only then). */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  controls: string;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={() => onToggle(!open)}
    >
      {children}
    </button>
  );
}
