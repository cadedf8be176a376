import { useId } from 'react';
import { Link } from 'wouter';

export type ActionLink = { href: string; label: string; testId: string };

/** Links drawn as buttons: the first is the one action the block leads to, the others secondary. */
export function ActionLinks({ links, testId }: { links: readonly ActionLink[]; testId?: string }) {
  return (
    <div className="card__actions" data-testid={testId}>
      {links.map((link, index) => (
        <Link
          key={link.href}
          href={link.href}
          className={index === 0 ? 'button button--primary' : 'button button--secondary'}
          data-testid={link.testId}
        >
          {link.label}
        </Link>
      ))}
    </div>
  );
}

type CardProps = {
  title: string;
  body: string;
  links: readonly ActionLink[];
  /** A short tag above the title. */
  badge?: string;
  className?: string;
  testId?: string;
};

/** A card that says one thing and offers where to go next (open an account, see the markets). */
export function ActionCard({ title, body, links, badge, className, testId }: CardProps) {
  const titleId = useId();
  return (
    <section
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      {badge !== undefined && <span className="badge">{badge}</span>}
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      <p className="card__text">{body}</p>
      <ActionLinks links={links} />
    </section>
  );
}
