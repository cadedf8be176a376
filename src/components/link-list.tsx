import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from './button';
import { ChevronIcon } from './icons';

export type LinkItem = { href: string; label: string; testId?: string; icon?: ReactNode };

/** Full-width rows that open another screen (≥ 44 px each). */
export function LinkList({ items, label }: { items: readonly LinkItem[]; label?: string }) {
  return (
    <ul className="link-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.href}>
          <Link href={item.href} className="link-list__row" data-testid={item.testId}>
            {item.icon}
            <span className="link-list__label">{item.label}</span>
            <ChevronIcon className="link-list__chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

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

/** Links drawn as buttons: the first is the one action the block leads to, the others secondary. */
export function ActionLinks({ links, testId }: { links: readonly LinkItem[]; testId?: string }) {
  return (
    <div className="card__actions" data-testid={testId}>
      {links.map((link, index) => (
        <ButtonLink
          key={link.href}
          href={link.href}
          look={index === 0 ? 'primary' : 'secondary'}
          testId={link.testId}
        >
          {link.label}
        </ButtonLink>
      ))}
    </div>
  );
}

type CardProps = {
  title: string;
  body: string;
  links: readonly LinkItem[];
  className?: string;
  testId?: string;
};

/** A card that says one thing and offers where to go next (open an account, log in). */
export function ActionCard({ title, body, links, className, testId }: CardProps) {
  const titleId = useId();
  return (
    <section
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      <p className="card__text">{body}</p>
      <ActionLinks links={links} />
    </section>
  );
}

/** A screen's ways to its area's other lists (mine, records, all of them): a row of secondary buttons. */
export function NavLinks({ links, label }: { links: readonly LinkItem[]; label: string }) {
  return (
    <nav className="action-pair ipo-actions" aria-label={label}>
      {links.map((link) => (
        <ButtonLink key={link.href} look="secondary" href={link.href} testId={link.testId}>
          {link.label}
        </ButtonLink>
      ))}
    </nav>
  );
}
