import type { IPO_STATUSES } from '../../../domain/protocol/ipo';
import { Button } from '../button';
import type { LinkItem } from '../link-list';
import { NoOrderNote, OrderLink } from './order-link';

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
  status: (typeof IPO_STATUSES)[number];
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
  return <div className="ipo-bar">{action}</div>;
}
