import { Link } from 'wouter';
import { ChevronIcon } from './icons';

/** A row of an info list that opens another screen: what it is, what it holds now, a chevron. */
export function InfoLinkRow({
  href,
  label,
  value,
  testId,
}: {
  href: string;
  label: string;
  value?: string | undefined;
  testId?: string;
}) {
  return (
    <li>
      <Link href={href} className="info-row" data-testid={testId}>
        <span className="info-row__label">{label}</span>
        {value !== undefined && <span className="info-row__value">{value}</span>}
        <ChevronIcon className="info-row__chevron" />
      </Link>
    </li>
  );
}
