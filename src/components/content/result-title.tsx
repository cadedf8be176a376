import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The title of a result that takes the place of a form once its request is sent (a deposit or a
 * withdrawal asked for, an IPO application or a coin sale commitment made). The form and the
 * button that sent it are gone, so focus would fall to <body> and a screen reader would not hear
 * that anything happened (an aria-live region that appears at the same moment is not reliably
 * read): the title takes focus as it appears, which reads it, and the keyboard goes on from there.
 * `as`: a heading where the result is a section of the screen (h2 under the navbar's h1).
 */
export function ResultTitle({
  children,
  as: Tag = 'p',
  className = 'state-message__title',
}: {
  children: ReactNode;
  as?: 'p' | 'h2';
  className?: string;
}) {
  // The one element it renders, a <p> or an <h2>: a ref either takes.
  const title = useRef<HTMLParagraphElement & HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <Tag ref={title} className={`${className} result-title`} tabIndex={-1}>
      {children}
    </Tag>
  );
}
