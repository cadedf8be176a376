import type { ReactNode } from 'react';
import { ButtonLink } from '../button';
import { ResultTitle } from '../content/result-title';

/** A way on from a result: a link drawn as a button, the one to take next as the primary. */
export type DoneAction = { href: string; label: string; testId?: string; primary?: boolean };

/**
 * What an order screen shows in place of its form once the order is made (an IPO application, a
 * block or robot purchase, a coin sale commitment) or once it already was: a title, the order's
 * status, a sentence on what happens next, its figures, and the ways on.
 * `announce`: the title takes focus as it appears (ResultTitle), for a result the user just caused;
 * false for one found on opening the screen, where focus stays where the page put it.
 */
export function DonePanel({
  testId,
  title,
  announce = true,
  badge,
  body,
  children,
  actions,
}: {
  testId: string;
  title: string;
  announce?: boolean;
  badge?: ReactNode;
  body?: ReactNode;
  children?: ReactNode;
  actions: readonly DoneAction[];
}) {
  return (
    <section className="ipo-done" data-testid={testId}>
      {announce ? (
        <ResultTitle as="h2" className="ipo-done__title">
          {title}
        </ResultTitle>
      ) : (
        <h2 className="ipo-done__title">{title}</h2>
      )}
      {badge}
      {body !== undefined && <p className="ipo-done__body">{body}</p>}
      {children}
      <div className="action-pair ipo-done__actions">
        {actions.map((action) => (
          <ButtonLink
            key={action.href}
            href={action.href}
            look={action.primary === true ? 'primary' : 'secondary'}
            testId={action.testId}
          >
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </section>
  );
}
