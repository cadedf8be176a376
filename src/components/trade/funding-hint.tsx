import { Link } from 'wouter';

/**
 * A ticket with nothing to spend: where the money comes from (a deposit, a transfer). A note
 * beside the figures, not a block — the ticket stays usable, and the server checks every order.
 */
export function FundingHint({
  text,
  href,
  label,
  testId,
}: {
  text: string;
  href: string;
  label: string;
  testId: string;
}) {
  return (
    <p className="funding-hint" role="status" data-testid={testId}>
      <span>{text}</span>
      <Link className="text-link funding-hint__link" href={href} data-testid={`${testId}-link`}>
        {label}
      </Link>
    </p>
  );
}
