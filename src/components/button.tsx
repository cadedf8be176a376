import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

/** The app's two button looks: the screen's main action, or one beside it. */
export type ButtonLook = 'primary' | 'secondary';

const classOf = (look: ButtonLook, className: string | undefined) =>
  className ? `button button--${look} ${className}` : `button button--${look}`;

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & {
  look?: ButtonLook;
  /** A class of the button's own place (a row's corner, a route's swap). */
  className?: string;
  testId?: string;
};

/**
 * A button that acts on the screen, in the app's button look. It is never a form's submit: inside
 * a ticket or a sheet's form, a tap on it must not send the order.
 */
export function Button({ look = 'secondary', className, testId, ...props }: ButtonProps) {
  return <button {...props} type="button" className={classOf(look, className)} data-testid={testId} />;
}

/** A link to another screen that looks like a button (an empty list's way on, a gate's next step). */
export function ButtonLink({
  href,
  look = 'primary',
  testId,
  children,
}: {
  href: string;
  look?: ButtonLook;
  testId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={classOf(look, undefined)} data-testid={testId}>
      {children}
    </Link>
  );
}
