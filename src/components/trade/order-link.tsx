import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { session } from '../../state/session';

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
    <Link href={href} className="button button--primary" data-testid={testId}>
      {signedIn ? label : guestLabel}
    </Link>
  );
}
