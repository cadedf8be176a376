import '../../styles/records.css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * One deposit or withdrawal in a record list, TRY or crypto alike: a card whose amount leads,
 * its status beside it, the lines that say how and when under it, and an action (cancel) at the
 * card's foot. The whole head opens the record: a link to its detail, or a sheet (`onOpen`).
 */
export function RecordCard({
  title,
  status,
  lines,
  action,
  open,
  openTestId,
  testId,
}: {
  title: ReactNode;
  status: ReactNode;
  lines: readonly ReactNode[];
  action?: ReactNode;
  open: { href: string } | { onOpen: () => void };
  openTestId: string;
  testId?: string;
}) {
  const body = (
    <>
      <span className="split-row record-card__head">
        <span className="record-card__title num">{title}</span>
        {status}
      </span>
      {lines.map((line, i) => (
        <span key={i} className="record-card__line">
          {line}
        </span>
      ))}
    </>
  );
  return (
    <li className="record-card" data-testid={testId}>
      {'href' in open ? (
        <Link href={open.href} className="record-card__main" data-testid={openTestId}>
          {body}
        </Link>
      ) : (
        <button type="button" className="record-card__main" data-testid={openTestId} onClick={open.onOpen}>
          {body}
        </button>
      )}
      {action && <div className="record-card__actions">{action}</div>}
    </li>
  );
}
