import '../../styles/trade.css';
import type { ReactNode } from 'react';
import { SectionHeading } from '../heading-level';

export type FigureRow = {
  label: string;
  /** Already formatted (`--` when unknown); never a raw number. */
  value: ReactNode;
  testId?: string;
  /** up / down colour a signed P&L; `strong` marks a total. */
  tone?: 'up' | 'down' | 'strong';
};

/** Label ↔ figure pairs: an order summary, a cost breakdown, a result. */
export function FigureRows({
  rows,
  label,
  testId,
}: {
  rows: readonly FigureRow[];
  label?: string;
  testId?: string;
}) {
  return (
    <dl className="figure-rows" aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <div
          key={row.label}
          className={row.tone ? `figure-rows__row figure-rows__row--${row.tone}` : 'figure-rows__row'}
        >
          <dt>{row.label}</dt>
          <dd className="num" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What an order will cost before it is sent (DESIGN.md: visible before confirm, never after).
 * The caller computes the figures with the same domain function the server books with.
 */
export function CostBreakdown({
  title,
  rows,
  total,
  testId = 'cost-breakdown',
}: {
  title: string;
  rows: readonly FigureRow[];
  total: FigureRow;
  testId?: string;
}) {
  return (
    <section className="cost-breakdown" aria-label={title} data-testid={testId}>
      <SectionHeading className="cost-breakdown__title">{title}</SectionHeading>
      <FigureRows rows={[...rows, { ...total, tone: 'strong' }]} />
    </section>
  );
}

/**
 * A titled block of figures (a product's statistics, a robot's record, an estimate), with an
 * optional note under them; `block` is the area's card class.
 */
export function FigureBlock({
  title,
  rows,
  block,
  className,
  note,
  testId,
}: {
  title: string;
  rows: readonly FigureRow[];
  block: string;
  className?: string;
  note?: string;
  testId?: string;
}) {
  return (
    <section className={className ? `${block} ${className}` : block} aria-label={title} data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      <FigureRows rows={rows} />
      {note !== undefined && <p className="hint">{note}</p>}
    </section>
  );
}
