import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { ButtonLink } from '../button';
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
