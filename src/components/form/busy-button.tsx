import type { ReactNode } from 'react';

/**
 * A button whose action runs a while (a call, a passkey ceremony): while it runs the button stays
 * put, says so to assistive technology and ignores taps, so the action is never started twice.
 */
export function BusyButton({
  busy,
  disabled = false,
  className,
  testId,
  onClick,
  children,
}: {
  busy: boolean;
  /** Not ready for other reasons (nothing loaded yet). */
  disabled?: boolean;
  className: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
