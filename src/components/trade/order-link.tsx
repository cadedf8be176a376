import { useSnapshot } from 'valtio';
import type { IpoStatus } from '../../../domain/ipo/lifecycle';
import { session } from '../../state/session';
import { Button, ButtonLink } from '../button';
import type { LinkItem } from '../link-list';

/**
 * A detail screen's way to its order screen, in thumb reach. A guest is taken to sign in by the same
 * button (the order screens are for accounts), so for a guest it says so (`guestLabel`).
 */
export function OrderLink({
  href,
  label,
  guestLabel,
  testId,
}: {
  href: string;
  label: string;
  guestLabel: string;
  testId: string;
}) {
  const signedIn = useSnapshot(session).userToken !== '';
  return (
    <ButtonLink href={href} testId={testId}>
      {signedIn ? label : guestLabel}
    </ButtonLink>
  );
}

/**
 * In OrderLink's place when there is no order to place (placed already, closed, for members only):
 * why, and where to go instead (`link`: the user's order, the market, membership) if anywhere.
 */
export function NoOrderNote({ note, testId, link }: { note: string; testId: string; link?: LinkItem }) {
  return (
    <>
      <p className="ipo-bar__note" data-testid={testId}>
        {note}
      </p>
      {link && (
        <ButtonLink look="secondary" href={link.href} testId={link.testId}>
          {link.label}
        </ButtonLink>
      )}
    </>
  );
}

/** An offering's words in its bar, each with the test id its journey finds it by. */
export type OfferingBarWords = {
  /** The user's own order, said instead of a second one, and where their orders are. */
  mine: { note: string; testId: string; link: LinkItem };
  /** The way to the order screen while it takes orders. */
  order: { href: string; label: string; guestLabel: string; testId: string };
  /** Its market, the way on once it trades. */
  market: LinkItem;
  notOpen: string;
  closed: string;
  /** The closed note's and the disabled button's. */
  closedTestId: string;
};

/**
 * The bottom bar of a primary-market offering's detail (an IPO, a coin sale), in thumb reach
 * (DESIGN.md): the order while it takes them; else why not, and where to go instead — the
 * user's own order, or the market once it trades rather than a dead button.
 */
export function OfferingBar({
  status,
  ordered,
  words,
}: {
  status: IpoStatus;
  /** Whether this account has ordered already (one order each). */
  ordered: boolean;
  words: OfferingBarWords;
}) {
  let action;
  if (ordered) action = <NoOrderNote {...words.mine} />;
  else if (status === 'subscribing') action = <OrderLink {...words.order} />;
  else if (status === 'listed')
    action = <NoOrderNote note={words.closed} testId={words.closedTestId} link={words.market} />;
  else
    action = (
      <Button look="primary" disabled testId={words.closedTestId}>
        {status === 'upcoming' ? words.notOpen : words.closed}
      </Button>
    );
  return <div className="bottom-bar ipo-bar">{action}</div>;
}
