import { Link } from 'wouter';
import { ChevronIcon } from './icons';

/**
 * A row that opens another screen: its title, a line on what it is for, and the chevron. The
 * screen's own look names the classes: `className` for the row, `<block>__text|title|body` inside.
 */
export function TitledLink({
  href,
  title,
  body,
  testId,
  className,
  block,
}: {
  href: string;
  title: string;
  body: string;
  testId?: string;
  className: string;
  block: string;
}) {
  return (
    <Link href={href} className={className} data-testid={testId}>
      <span className={`${block}__text`}>
        <span className={`${block}__title`}>{title}</span>
        <span className={`${block}__body`}>{body}</span>
      </span>
      <ChevronIcon className="link-list__chevron" />
    </Link>
  );
}
