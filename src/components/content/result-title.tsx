import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The title of a result that takes the place of a form once its request is sent (a deposit or a
 * withdrawal asked for). The form and the button that sent it are gone, so focus would fall to
 * <body> and a screen reader would not hear that anything happened (an aria-live region that
 * appears at the same moment is not reliably read): the title takes focus as it appears, which
 * reads it, and the keyboard goes on from there.
 */
export function ResultTitle({ children }: { children: ReactNode }) {
  const title = useRef<HTMLParagraphElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <p ref={title} className="state-message__title result-title" tabIndex={-1}>
      {children}
    </p>
  );
}
