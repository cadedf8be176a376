import { ResultTitle } from '../../components/content/result-title';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { ButtonLink } from '../../components/button';

/**
 * What takes the place of a deposit or withdrawal form once its request is sent: the request's
 * figures, what happens next, and the way to its record (where an operator's answer shows).
 */
export function PendingResult({
  testId,
  title,
  rows,
  next,
  records,
}: {
  testId: string;
  title: string;
  rows: readonly FigureRow[];
  next: string;
  records: { href: string; label: string; testId: string };
}) {
  return (
    <section className="state-message funding-result" data-testid={testId}>
      <ResultTitle>{title}</ResultTitle>
      <FigureRows rows={rows} />
      <p className="state-message__body">{next}</p>
      <ButtonLink href={records.href} testId={records.testId}>
        {records.label}
      </ButtonLink>
    </section>
  );
}
